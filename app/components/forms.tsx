import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ReactNode } from "react";
import type { ErrorSummaryItem } from "./ErrorSummary";

// Our fields hold strings; conform's generics add nothing here.
export type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * What a Markdown box takes (renderMarkdown, app/lib/markdown.server.ts), in the same words on
 * every form that has one: the FAQ's answer, a glossary entry, an alert's content.
 */
export function MarkdownHint({ extra }: { extra?: string }) {
  return (
    <>
      Markdown: <code>**bold**</code>, <code>*italic*</code>, <code>- item</code> for a list,{" "}
      <code>[words](https://…)</code> for a link, <code>## Heading</code> for a heading. HTML and
      images are shown as text.{extra ? ` ${extra}` : null}
    </>
  );
}

/** The summary's items for a conform form: form-level errors first, then each field's. */
export function summaryItems(form: { errors?: string[] }, fields: AnyField[]): ErrorSummaryItem[] {
  const items: ErrorSummaryItem[] = (form.errors ?? []).map((message) => ({ message }));
  for (const field of fields) {
    for (const message of field.errors ?? []) items.push({ fieldId: field.id, message });
  }
  return items;
}

export function FieldError({ field }: { field: AnyField }) {
  if (!field.errors?.length) return null;
  return (
    <small id={field.errorId} className="field-error">
      <span className="visually-hidden">Error: </span>
      {field.errors.join(". ")}
    </small>
  );
}

function describedBy(field: AnyField, hintId?: string) {
  const ids = [hintId, field.errors?.length ? field.errorId : undefined].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

interface TextFieldProps {
  field: AnyField;
  label: string;
  type?: "text" | "email" | "password" | "url" | "datetime-local" | "date";
  hint?: ReactNode;
  autoComplete?: string;
  required?: boolean;
  /** The on-screen keyboard to offer: "numeric" for a code of digits. */
  inputMode?: "numeric" | "text";
  /** The id of a <datalist> of suggestions. */
  list?: string;
  /**
   * A line of text that can be longer than the box (a title, a question): a textarea that
   * grows to show all of it, where an input would cut it off. Its schema must fold line breaks
   * into spaces (`oneLine`).
   */
  long?: boolean;
}

export function TextField({
  field,
  label,
  type = "text",
  hint,
  autoComplete,
  required,
  inputMode,
  list,
  long,
}: TextFieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  if (long)
    return <TextareaField field={field} label={label} required={required} hint={hint} long />;
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: undefined });
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {required ? null : <span className="optional"> (optional)</span>}
      </label>
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
      <input
        key={key}
        {...props}
        required={required}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        list={list}
      />
      <FieldError field={field} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  required,
  rows = 6,
  hint,
  long,
}: {
  field: AnyField;
  label: string;
  required?: boolean;
  rows?: number;
  hint?: ReactNode;
  /** TextField's long line: two rows to start, growing with its text. */
  long?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: undefined });
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {required ? null : <span className="optional"> (optional)</span>}
      </label>
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
      <textarea
        key={key}
        {...props}
        rows={long ? 2 : rows}
        className={long ? "long-line" : undefined}
        required={required}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
      />
      <FieldError field={field} />
    </div>
  );
}

/** A choice from a fixed list, with the same label, hint and error as the text fields. */
export function SelectField({
  field,
  label,
  options,
  placeholder,
  required,
  hint,
}: {
  field: AnyField;
  label: string;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
  required?: boolean;
  hint?: ReactNode;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getSelectProps(field, { ariaDescribedBy: undefined });
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {required ? null : <span className="optional"> (optional)</span>}
      </label>
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
      <select
        key={key}
        {...props}
        required={required}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

export function CheckboxField({
  field,
  label,
  hint,
}: {
  field: AnyField;
  label: string;
  hint?: ReactNode;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...props } = getInputProps(field, {
    type: "checkbox",
    value: "on",
    ariaDescribedBy: undefined,
  });
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {/* A checkbox, not a switch: a switch says it acts at once, and these wait for the form's
            button (the settings, "Trust this browser"). */}
        <input key={key} {...props} aria-describedby={describedBy(field, hintId)} />
        {label}
      </label>
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}

/** Several choices from a fixed list: a fieldset of checkboxes, its legend the label. */
export function CheckboxGroupField({
  field,
  legend,
  options,
  hint,
}: {
  field: AnyField;
  legend: string;
  options: readonly string[];
  hint?: ReactNode;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const initial = field.initialValue as string | string[] | undefined;
  const chosen = Array.isArray(initial) ? initial : initial ? [initial] : [];
  return (
    <fieldset
      aria-describedby={describedBy(field, hintId)}
      aria-invalid={field.errors?.length ? true : undefined}
    >
      <legend>{legend}</legend>
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
      {options.map((option, index) => {
        const id = index === 0 ? field.id : `${field.id}-${index}`;
        return (
          <label key={option} htmlFor={id}>
            <input
              key={`${field.key}-${option}`}
              type="checkbox"
              id={id}
              name={field.name}
              value={option}
              defaultChecked={chosen.includes(option)}
            />
            {option}
          </label>
        );
      })}
      <FieldError field={field} />
    </fieldset>
  );
}
