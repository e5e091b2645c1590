import { type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ImagingFields } from "~/lib/imaging-query";
import { ErrorSummary } from "~/components/ErrorSummary";
import {
  type AnyField,
  FieldError,
  summaryItems,
  TextareaField,
  TextField,
} from "~/components/forms";

export type ImagingShape = ImagingFields & { events: Array<{ nameId: string; date: string }> };

export const MAX_EVENT_ROWS = 30;

/**
 * The entry's form, for adding and editing. Events are rows: "Add an event" and "Remove event
 * N" are submit buttons (conform's list intents) that the server answers by drawing the form
 * again with what was typed and the row added or removed, so they work without JS.
 */
export function ImagingEntryForm({
  lastResult,
  defaultValue,
  eventNames,
  categories,
  submitLabel,
  cancelTo,
  heading,
  before,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Partial<ImagingShape>;
  eventNames: Array<{ id: number; name: string }>;
  categories: string[];
  submitLabel: string;
  cancelTo: string;
  heading: string;
  /** Shown between the heading and the form. */
  before?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<ImagingShape>({
    id: "imaging-entry",
    lastResult,
    defaultValue,
    shouldRevalidate: "onInput",
  });
  const events = fields.events.getFieldList();
  const eventFields = events.flatMap((event) => {
    const row = event.getFieldset();
    return [row.nameId, row.date];
  });
  const submitting = navigation.state === "submitting" && !navigation.formData?.get("__intent__");
  return (
    <>
      <ErrorSummary
        items={summaryItems(form, [
          fields.category,
          fields.emaCode,
          fields.chemicalName,
          fields.tradeName,
          fields.indicationStatement,
          fields.events,
          ...eventFields,
        ] as AnyField[])}
      />
      <h1>{heading}</h1>
      {before}
      <Form method="post" {...getFormProps(form)}>
        <TextField
          field={fields.category as AnyField}
          label="Category"
          required
          list="imaging-categories"
          hint="For example MRI contrast agent, PET radiopharmaceutical or Companion diagnostic. Members filter the list by it."
        />
        <datalist id="imaging-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <TextField
          field={fields.emaCode as AnyField}
          label="EMA code"
          hint="EMEA/H/C/ and 6 digits, for example EMEA/H/C/004675; a procedure may follow, as in EMEA/H/C/004675/II/0012."
        />
        <TextField field={fields.chemicalName as AnyField} label="Chemical name" required />
        <TextField field={fields.tradeName as AnyField} label="Trade name" />
        <TextareaField
          field={fields.indicationStatement as AnyField}
          label="Indication statement"
          required
          rows={4}
        />
        <EventRows form={form} fields={fields} eventNames={eventNames} />
        <div className="button-row">
          <button type="submit" aria-busy={submitting || undefined}>
            {submitLabel}
          </button>
          <Link to={cancelTo} className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

function EventRows({
  form,
  fields,
  eventNames,
}: {
  form: FormMetadata<ImagingShape, string[]>;
  fields: ReturnType<FormMetadata<ImagingShape, string[]>["getFieldset"]>;
  eventNames: Array<{ id: number; name: string }>;
}) {
  const events = fields.events.getFieldList();
  return (
    <fieldset
      className="imaging-events"
      aria-describedby={fields.events.errors?.length ? fields.events.errorId : "events-hint"}
    >
      <legend>Events</legend>
      <small id="events-hint" className="hint">
        Each event is a name from the list of{" "}
        <Link to="/dashboard/imagingdiagnostics/eventnames">event names</Link> and a date. A row
        left blank is not saved.
      </small>
      <FieldError field={fields.events as AnyField} />
      {events.length === 0 ? (
        <p className="muted">No events yet.</p>
      ) : (
        // The columns' names once, over the rows, on a wide screen (each row's own labels are
        // there for screen readers, and shown on a phone, where a row stacks).
        <div className="event-head" aria-hidden="true">
          <span>Event name</span>
          <span>Date</span>
        </div>
      )}
      {events.map((event, index) => {
        const row = event.getFieldset();
        const n = index + 1;
        return (
          <fieldset key={event.key} className="imaging-event">
            <legend>Event {n}</legend>
            <div className="event-fields">
              <div className="field">
                <label htmlFor={row.nameId.id} className="event-label">
                  Event name
                </label>
                <select
                  id={row.nameId.id}
                  name={row.nameId.name}
                  defaultValue={row.nameId.initialValue ?? ""}
                  key={row.nameId.key}
                  aria-invalid={row.nameId.errors?.length ? true : undefined}
                  aria-describedby={row.nameId.errors?.length ? row.nameId.errorId : undefined}
                >
                  <option value="">Choose an event</option>
                  {eventNames.map((name) => (
                    <option key={name.id} value={name.id}>
                      {name.name}
                    </option>
                  ))}
                </select>
                <FieldError field={row.nameId as AnyField} />
              </div>
              <div className="field">
                <label htmlFor={row.date.id} className="event-label">
                  Date
                </label>
                <input
                  type="date"
                  id={row.date.id}
                  name={row.date.name}
                  defaultValue={row.date.initialValue ?? ""}
                  key={row.date.key}
                  min="1950-01-01"
                  max="2100-12-31"
                  aria-invalid={row.date.errors?.length ? true : undefined}
                  aria-describedby={row.date.errors?.length ? row.date.errorId : undefined}
                />
                <FieldError field={row.date as AnyField} />
              </div>
              <button
                {...form.remove.getButtonProps({ name: fields.events.name, index })}
                className="secondary outline remove-event"
              >
                Remove<span className="visually-hidden"> event {n}</span>
              </button>
            </div>
          </fieldset>
        );
      })}
      {events.length < MAX_EVENT_ROWS ? (
        <button {...form.insert.getButtonProps({ name: fields.events.name })} className="secondary">
          Add an event
        </button>
      ) : null}
    </fieldset>
  );
}
