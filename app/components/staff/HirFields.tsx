import type { ChangeEvent, FormEvent } from "react";
import { type AnyField as Field, FieldError, TextareaField, TextField } from "~/components/forms";
import { fileSize } from "~/lib/file-size";

/** What the HIR form holds (conform's view of it). */
export type HirShape = { title: string; description: string; hssIds: string; file: File };

interface KeptFile {
  fileId: number;
  name: string;
  byteSize: number;
}

const MAX_MEGABYTES = 50;
const TOO_BIG = `The file must be ${MAX_MEGABYTES} MB or smaller`;

/**
 * With JS, a file over the limit is refused before it is sent: the submit is stopped and the
 * browser says why at the field, with everything typed still there. The server checks again
 * either way (without JS a file a little over is refused with the form; a body much larger is
 * not read at all). Returns whether it stopped the submit.
 */
export function refuseOversize(event: FormEvent<HTMLFormElement>) {
  const input = event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]');
  const file = input?.files?.[0];
  const tooBig = file !== undefined && file.size > MAX_MEGABYTES * 1024 * 1024;
  input?.setCustomValidity(tooBig ? TOO_BIG : "");
  if (!tooBig) return false;
  event.preventDefault();
  input?.reportValidity();
  return true;
}

/** Choosing another file clears the refusal. */
const clearRefusal = (event: ChangeEvent<HTMLInputElement>) =>
  event.currentTarget.setCustomValidity("");

/**
 * The fields of a report, for uploading and for editing: title, description, the records it
 * covers, and the PDF (required when uploading; on the edit page, only to replace the file).
 * A file a failed submit kept is named, and sent again as its id unless another is chosen.
 */
export function HirFields({
  fields,
  kept,
  current,
}: {
  fields: { title: Field; description: Field; hssIds: Field; file: Field };
  kept: KeptFile | null;
  /** The edit page: the report's file now. */
  current?: { byteSize: number | null };
}) {
  const fileHintId = `${fields.file.id}-hint`;
  const fileError = fields.file.errors?.length ? fields.file.errorId : undefined;
  return (
    <>
      <TextField
        field={fields.title}
        label="Title"
        required
        long
        hint="At most 250 characters. The downloaded file is named after it."
      />
      <TextareaField
        field={fields.description}
        label="Description"
        required
        rows={5}
        hint="A summary members read in the list of reports: at most 2,000 characters."
      />
      <TextField
        field={fields.hssIds}
        label="Records the report covers"
        hint="HSS IDs, separated by commas or spaces. Their record pages list the report."
      />
      <div className="field">
        <label htmlFor={fields.file.id}>
          {current ? "Replace the PDF" : "PDF file"}
          {current ? <span className="optional"> (optional)</span> : null}
        </label>
        <small id={fileHintId} className="hint">
          A PDF of at most {MAX_MEGABYTES} MB.{" "}
          {current
            ? current.byteSize === null
              ? "This report has no file now: members see 'No file data Found'."
              : `Leave empty to keep the current file (${fileSize(current.byteSize)}).`
            : null}
          {kept
            ? ` ${kept.name} (${fileSize(kept.byteSize)}) was received and is kept: send the form again to use it, or choose another file.`
            : null}
        </small>
        <input
          type="file"
          id={fields.file.id}
          name={fields.file.name}
          accept=".pdf,application/pdf"
          onChange={clearRefusal}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={[fileHintId, fileError].filter(Boolean).join(" ")}
        />
        <FieldError field={fields.file} />
      </div>
      {kept ? (
        <>
          <input type="hidden" name="keptFile" value={kept.fileId} />
          <input type="hidden" name="keptFileName" value={kept.name} />
        </>
      ) : null}
    </>
  );
}
