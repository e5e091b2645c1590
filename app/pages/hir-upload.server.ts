import { unstable_parseMultipartFormData as parseMultipartFormData } from "@remix-run/node";
import { discardHirFile, type StoredFile, storeHirFile } from "~/models/hirs.server";
import {
  badRequest,
  FORM_MAX_BYTES,
  FORM_TOO_LARGE,
  FORM_UNREADABLE,
  NOT_A_FORM,
} from "~/lib/body.server";

/**
 * The HIR upload and edit forms (decision 020): multipart, with the text fields first and the
 * PDF last. The text is read into a form; the file is written to the database as its bytes
 * are parsed (storeHirFile), and parsing stops where the file is refused, so the rest of an
 * oversize or fake upload is never read. The text typed before the file is kept either way.
 */

export interface HirUpload {
  fields: FormData;
  /** The stored PDF, or why it was refused; null when no file was chosen. */
  file: (StoredFile & { name: string }) | null;
}

/** Thrown inside the parser to stop it at a refused file. */
class FileRefused extends Error {}

export async function readHirUpload(request: Request): Promise<HirUpload> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "multipart/form-data") throw badRequest(NOT_A_FORM);
  const fields = new FormData();
  const got: { file: HirUpload["file"] } = { file: null };
  let textBytes = 0;
  try {
    await parseMultipartFormData(request, async (part) => {
      if (part.filename !== undefined) {
        if (part.name !== "file" || got.file) throw badRequest(FORM_UNREADABLE);
        if (!part.filename) {
          // No file chosen: browsers send an empty part.
          for await (const _ of part.data);
          return undefined;
        }
        const stored = await storeHirFile(part.data);
        got.file = { ...stored, name: part.filename };
        if ("error" in stored) throw new FileRefused();
        return undefined;
      }
      const decoder = new TextDecoder();
      let text = "";
      for await (const chunk of part.data) {
        textBytes += chunk.byteLength;
        if (textBytes > FORM_MAX_BYTES) throw badRequest(FORM_TOO_LARGE);
        text += decoder.decode(chunk, { stream: true });
      }
      fields.append(part.name, text + decoder.decode());
      return undefined;
    });
  } catch (error) {
    if (error instanceof FileRefused) return { fields, file: got.file };
    if (got.file && "fileId" in got.file) await discardHirFile(got.file.fileId);
    if (error instanceof Response) throw error;
    throw badRequest(FORM_UNREADABLE);
  }
  return { fields, file: got.file };
}
