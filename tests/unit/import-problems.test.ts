import { describe, expect, it } from "vitest";
import { importProblem } from "~/records/import-problems.server";
import { recordSchema } from "~/records/schema.server";
import { exampleRecords } from "../records";

/** The problems an import of `value` reports, as "field: problem". */
function problems(value: unknown) {
  const parsed = recordSchema.safeParse(value, { error: importProblem });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the import report's problems", () => {
  const [record] = exampleRecords();

  it("say what a record or a field must be, in the report's own words", () => {
    expect(problems(42)).toEqual([
      ": must be an object with hssId, title, recordStatus, lastUpdated, …",
    ]);
    expect(problems({ ...record, title: null, stubRecord: "yes", recordStatus: "Nope" })).toEqual([
      "title: must be text (in double quotes), not null",
      'recordStatus: must be one of: "Active", "Monitoring", "Archived", "Discontinued"',
      "stubRecord: must be true or false",
    ]);
    expect(problems({ ...record, activeCompound: 5 })).toEqual([
      "activeCompound: must be an object with substanceName, brandName, synonyms, technologyType, …",
    ]);
    expect(
      problems({
        ...record,
        clinicalTrials: { ...record.clinicalTrials, euClinicalTrialRegistries: [7], phase: 3 },
      }),
    ).toEqual([
      "clinicalTrials.euClinicalTrialRegistries.0: must be an object with trialId, registry, title, phase, …",
      "clinicalTrials: has unknown field(s): phase",
    ]);
  });

  it("never pass on zod's own words, whatever the input", () => {
    const bad: unknown[] = [null, "text", [], true, { ...record, hssId: 7, lastUpdated: 20200101 }];
    for (const field of Object.keys(record))
      for (const wrong of [null, 3.5, "x", [], { extra: 1 }, false])
        bad.push({ ...record, [field]: wrong });
    for (const value of bad)
      for (const problem of problems(value))
        expect(problem).toMatch(/: (must|is|has|does|appears) /);
  });
});
