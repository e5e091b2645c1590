import type { ReactNode } from "react";
import {
  type FieldMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ErrorSummary";
import {
  CheckboxField,
  FieldError,
  MarkdownHint,
  summaryItems,
  TextareaField,
  TextField,
} from "~/components/forms";

type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export interface AlertFormValues {
  title: string;
  summary: string;
  content: string;
  alertType: string;
  audienceRoles: string[];
  severity: string;
  tags: string;
  popupDuration: string;
  notifyDate: string;
  expireDate: string;
  requestedBy: string;
  isEnabled?: "on";
}

export interface AlertPreview {
  title: string;
  summary: string;
  severity: string;
  contentHtml: string;
}

const SEVERITY_CHOICES: Array<{ value: string; label: string; hint?: string }> = [
  { value: "critical", label: "Critical", hint: "shown as Error" },
  // The others are shown by their own word: a hint would only repeat it.
  { value: "warning", label: "Warning" },
  { value: "information", label: "Information" },
  { value: "success", label: "Success" },
];

const ROLE_LABELS: Record<string, string> = {
  admin: "Admins",
  editor: "Editors",
  reportadmin: "Report admins",
  websitealerts: "Website-alerts staff",
};

const asString = (value: unknown) => (typeof value === "string" ? value : "");
const asList = (value: unknown) =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];

function describedBy(field: AnyField, hintId?: string) {
  const ids = [hintId, field.errors?.length ? field.errorId : undefined].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * Create or edit an alert. Checked on the server; a failed submit
 * comes back with what was typed and an error summary. "Preview" shows the rendered content
 * without saving, with or without JS.
 */
export function AlertForm({
  id,
  defaultValue,
  lastResult,
  types,
  roles,
  preview,
  submitLabel,
  heading,
}: {
  id: string;
  defaultValue: AlertFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  types: { name: string; label: string }[];
  roles: readonly string[];
  preview: AlertPreview | null;
  submitLabel: string;
  /** The page's h1: drawn under the error summary, which opens the page (the house's order). */
  heading: ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult,
    shouldRevalidate: "onInput",
    defaultValue,
  });
  const typeValue = asString(fields.alertType.initialValue);
  const severityValue = asString(fields.severity.initialValue);
  const audience = asList(fields.audienceRoles.initialValue);
  // An alert stored with 'info' (the API accepts it) keeps it when edited here.
  const severities =
    severityValue === "info"
      ? [...SEVERITY_CHOICES, { value: "info", label: "Info", hint: "shown as Information" }]
      : SEVERITY_CHOICES;
  const busy = navigation.state === "submitting";
  return (
    <>
      <ErrorSummary
        items={summaryItems(form, [
          fields.title,
          fields.summary,
          fields.content,
          fields.alertType,
          fields.severity,
          fields.audienceRoles,
          fields.tags,
          fields.popupDuration,
          fields.notifyDate,
          fields.expireDate,
          fields.requestedBy,
        ] as AnyField[])}
      />
      {heading}
      {preview ? (
        <section className="alert-preview" aria-labelledby="alert-preview-title">
          <h2 id="alert-preview-title">Preview</h2>
          <p className="hint">Not saved yet. This is how members will read the alert.</p>
          <div className="alert-preview-page">
            <p>
              <strong>{preview.title}</strong>
            </p>
            <p>{preview.summary}</p>
            {preview.contentHtml ? (
              <div
                className="rendered-content"
                // Rendered from Markdown on the server (app/lib/markdown.server.ts).
                // biome-ignore lint/security/noDangerouslySetInnerHtml: safe HTML made on the server
                dangerouslySetInnerHTML={{ __html: preview.contentHtml }}
              />
            ) : (
              <p className="hint">No content: the alert's page shows the summary only.</p>
            )}
          </div>
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="alert-form">
        <TextField field={fields.title as AnyField} label="Title" required />
        <TextareaField
          field={fields.summary as AnyField}
          label="Summary"
          rows={3}
          required
          hint="One or two sentences: the bar shows it beside the title."
        />
        <TextareaField
          field={fields.content as AnyField}
          label="Content"
          rows={10}
          hint={<MarkdownHint extra="Use Preview to check it." />}
        />
        <div className="field">
          <label htmlFor={fields.alertType.id}>Type</label>
          <select
            key={fields.alertType.key}
            id={fields.alertType.id}
            name={fields.alertType.name}
            defaultValue={typeValue}
            required
            aria-invalid={fields.alertType.errors?.length ? true : undefined}
            aria-describedby={describedBy(fields.alertType as AnyField)}
          >
            <option value="">Choose a type</option>
            {types.map((type) => (
              <option key={type.name} value={type.name}>
                {type.label}
              </option>
            ))}
          </select>
          <FieldError field={fields.alertType as AnyField} />
        </div>
        <fieldset
          aria-describedby={describedBy(fields.severity as AnyField)}
          aria-invalid={fields.severity.errors?.length ? true : undefined}
        >
          <legend>Severity</legend>
          {severities.map((choice, index) => (
            <label
              key={choice.value}
              htmlFor={index === 0 ? fields.severity.id : `${fields.severity.id}-${choice.value}`}
            >
              <input
                key={`${fields.severity.key}-${choice.value}`}
                type="radio"
                id={index === 0 ? fields.severity.id : `${fields.severity.id}-${choice.value}`}
                name={fields.severity.name}
                value={choice.value}
                defaultChecked={severityValue === choice.value}
              />
              {choice.label}
              {choice.hint ? <span className="muted"> ({choice.hint})</span> : null}
            </label>
          ))}
          <FieldError field={fields.severity as AnyField} />
        </fieldset>
        <fieldset
          aria-describedby={`${fields.audienceRoles.id}-hint${fields.audienceRoles.errors?.length ? ` ${fields.audienceRoles.errorId}` : ""}`}
        >
          <legend>Audience</legend>
          <small id={`${fields.audienceRoles.id}-hint`} className="hint">
            Tick the roles that see this alert. Tick none for everyone signed in.
          </small>
          {roles.map((role, index) => (
            <label
              key={role}
              htmlFor={index === 0 ? fields.audienceRoles.id : `${fields.audienceRoles.id}-${role}`}
            >
              <input
                key={`${fields.audienceRoles.key}-${role}`}
                type="checkbox"
                id={index === 0 ? fields.audienceRoles.id : `${fields.audienceRoles.id}-${role}`}
                name={fields.audienceRoles.name}
                value={role}
                defaultChecked={audience.includes(role)}
              />
              {ROLE_LABELS[role] ?? role}
            </label>
          ))}
          <FieldError field={fields.audienceRoles as AnyField} />
        </fieldset>
        <div className="grid">
          <TextField
            field={fields.notifyDate as AnyField}
            label="Notify date (UTC)"
            type="datetime-local"
            required
            hint="From when members see it."
          />
          <TextField
            field={fields.expireDate as AnyField}
            label="Expire date (UTC)"
            type="datetime-local"
            required
            hint="Until when. Must be after the notify date."
          />
        </div>
        <TextField
          field={fields.popupDuration as AnyField}
          label="Popup duration (milliseconds)"
          inputMode="numeric"
          required
          hint="How long a release popup shows when scripts run: 1000 to 600000 (10 minutes). The usual is 3000."
        />
        <TextField
          field={fields.tags as AnyField}
          label="Tags"
          hint="Separate tags with commas, for example: search, maintenance."
        />
        <TextField
          field={fields.requestedBy as AnyField}
          label="Requested by"
          hint="Who asked for this alert, for the staff list."
        />
        <CheckboxField
          field={fields.isEnabled as AnyField}
          label="Enabled"
          hint="Members see an enabled alert between its notify and expire dates."
        />
        <div className="inline-actions">
          <button type="submit" name="intent" value="save" aria-busy={busy ? true : undefined}>
            {submitLabel}
          </button>
          <button type="submit" name="intent" value="preview" className="secondary">
            Preview
          </button>
          {/* The way back, as on the other staff forms (a link: nothing is saved). */}
          <Link to="/dashboard/alerts" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
