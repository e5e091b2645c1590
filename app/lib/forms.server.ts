import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Validates a submitted form on the server. Forms are validated only here: zod stays out
 * of the browser bundle (it would add ~100 KB gzipped for members on slow machines), and
 * conform shows the server's result, with what was typed kept.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

/**
 * Conform's reply for a form refused before it could be parsed (a body over the size limit,
 * no known intent): the errors by field name, "" for the form as a whole.
 */
export function refusedForm(errors: Record<string, string[]>): SubmissionResult<string[]> {
  return { status: "error", error: errors, initialValue: {} };
}

/**
 * A long line typed in a growing box (TextField's `long`): its line breaks and runs of spaces
 * folded into single spaces, for `z.string().overwrite(oneLine)`.
 */
export const oneLine = (text: string) => text.replace(/\s+/g, " ");
