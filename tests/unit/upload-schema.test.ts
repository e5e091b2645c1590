import { describe, expect, it } from "vitest";
import { NO_FILE, uploadSchema, WRONG_TYPE } from "~/models/record-import.server";

function messages(file: File) {
  const parsed = uploadSchema.safeParse({ mode: "publish", file });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe("the import form's file", () => {
  it("says only 'select a file' when none was chosen (a browser sends an empty, unnamed part)", () => {
    expect(messages(new File([], "", { type: "application/octet-stream" }))).toEqual([NO_FILE]);
  });

  it("says only that a chosen file is empty, not that its type is wrong too", () => {
    expect(messages(new File([], "records.txt", { type: "text/plain" }))).toEqual([
      "The file is empty",
    ]);
  });

  it("names the wrong type of a file with something in it", () => {
    expect(messages(new File(["x"], "records.txt", { type: "text/plain" }))).toEqual([WRONG_TYPE]);
  });
});
