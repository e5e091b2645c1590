import { describe, expect, it } from "vitest";
import { indicationInText } from "~/demo/hirs.server";
import { required } from "~/lib/required";
import { generateRecordHistory } from "~/records/generate";

const SIZE = 500;
const records = Array.from({ length: SIZE }, (_, index) =>
  required(
    generateRecordHistory(index, { catalogueSize: SIZE, today: "2026-11-01" }).at(-1),
    "a record's latest version",
  ),
);

describe("demo HIR descriptions", () => {
  it("name the indication as running text, keeping proper nouns", () => {
    for (const record of records) {
      const text = indicationInText(record);
      expect(record.title.endsWith(` for ${text}`)).toBe(true);
    }
    const weight = records.find((r) => /weight management/i.test(r.title));
    if (weight) expect(indicationInText(weight)).toMatch(/^chronic weight management/);
    const fabry = records.find((r) => r.title.includes("Fabry"));
    if (fabry) expect(indicationInText(fabry)).toBe("Fabry disease");
  });
});
