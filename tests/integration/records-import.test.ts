import { describe, expect, it } from "vitest";
import { getDb, queryRows, sql } from "~/db/client.server";
import { applyImport, InvalidImportError, validateImport } from "~/models/record-import.server";
import { discardStaged, getRecord, listStaged, publishStaged } from "~/models/records.server";
import { searchRecords } from "~/models/search.server";
import { textChunks } from "~/records/read-items.server";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { clone, exampleRecords, jsonLines, progressedExample } from "../records";
import { required } from "~/lib/required";

const importText = (text: string, mode: "publish" | "preview" = "publish") =>
  applyImport(() => textChunks(text), { mode, source: "cli", filename: "test.jsonl" });

async function versionsOf(hssId: string) {
  const db = await getDb();
  return queryRows<{ version: number; state: string }>(
    db,
    sql`SELECT v.version, v.state FROM record_versions v JOIN records r ON r.id = v.record_id WHERE r.hss_id = ${hssId} ORDER BY v.version`,
  );
}

describe("record import", () => {
  it("creates records from JSON Lines and from a JSON array, and a re-import of the same file adds nothing", async () => {
    const [a, b] = exampleRecords();
    const first = await importText(jsonLines([a, b]));
    expect(first.counts).toMatchObject({ new: 2, changed: 0, unchanged: 0, changes: 0 });
    const again = await importText(JSON.stringify([b, a], null, 2));
    expect(again.format).toBe("json");
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 2, changes: 0 });
    expect(await versionsOf(a.hssId)).toEqual([{ version: 1, state: "published" }]);

    const record = await getRecord(a.hssId);
    expect(record?.document.title).toBe(a.title);
    // Defaults are filled in on the way in.
    expect(record?.document.highImpactReports).toEqual([]);
    expect(record?.publishedRelated).toEqual([b.hssId]);
  });

  it("gives a changed record a new version whose change log is exactly the field differences", async () => {
    const [a] = exampleRecords();
    await importText(jsonLines([a]));
    const changed = progressedExample(a);

    const report = await importText(jsonLines([changed]));
    expect(report.counts).toMatchObject({ new: 0, changed: 1, unchanged: 0, changes: 5 });
    expect(await versionsOf(a.hssId)).toEqual([
      { version: 1, state: "superseded" },
      { version: 2, state: "published" },
    ]);
    const record = required(await getRecord(a.hssId), "the record");
    const entries = record.changeLog.map(({ section, field, before, after }) => ({
      section,
      field,
      before,
      after,
    }));
    expect(entries).toEqual([
      { section: "keyFacts", field: "Last updated", before: "2026-09-14", after: "2026-10-30" },
      {
        section: "organisations",
        field: "Kestrel Bio AG",
        before: "Name: Kestrel Bio AG, Role: Licensee, Country: Switzerland",
        after: null,
      },
      {
        section: "ema",
        field: "Status",
        before: "MAA under evaluation",
        after: "CHMP positive opinion",
      },
      {
        section: "ema",
        field: "Events › CHMP opinion",
        before: null,
        after: "Event: CHMP opinion, Date: 2026-10-16",
      },
      {
        section: "usClinicalTrialRegistries",
        field: "NCT05874417 › Status",
        before: "Active, not recruiting",
        after: "Completed",
      },
    ]);
    expect(record.document.regulatoryInformation.ema.status).toBe("CHMP positive opinion");
  });

  it("rejects an invalid file whole, naming item, line, hssId, field and problem, and changes nothing", async () => {
    const [a, b] = exampleRecords();
    const badA = clone(a) as Record<string, unknown>;
    badA.lastUpdated = "2026-13-01";
    badA.colour = "blue";
    const text = `${JSON.stringify(b)}\n${JSON.stringify(badA)}\n{not json\n${JSON.stringify(b)}\n`;

    const report = await validateImport(() => textChunks(text), { mode: "publish" });
    expect(report.items).toBe(4);
    expect(report.errors).toEqual([
      { item: 2, line: 2, hssId: a.hssId, field: "lastUpdated", problem: "is not a real date" },
      {
        item: 2,
        line: 2,
        hssId: a.hssId,
        field: "(record)",
        problem: "has unknown field(s): colour",
      },
      expect.objectContaining({
        item: 3,
        line: 3,
        field: "(record)",
        problem: expect.stringMatching(/^is not valid JSON/),
      }),
      {
        item: 4,
        line: 4,
        hssId: b.hssId,
        field: "hssId",
        problem: "appears more than once (first as item 1)",
      },
    ]);

    await expect(importText(text)).rejects.toBeInstanceOf(InvalidImportError);
    expect(await getRecord(b.hssId)).toBeNull();
    expect(await versionsOf(b.hssId)).toEqual([]);
  });

  it("reports a broken file structure and an empty file instead of throwing", async () => {
    const [a] = exampleRecords();
    const unclosed = await validateImport(() => textChunks(`[${JSON.stringify(a)},`), {
      mode: "publish",
    });
    expect(unclosed.errors.at(-1)).toMatchObject({
      field: "(file)",
      problem: expect.stringMatching(/not closed/),
    });
    const empty = await validateImport(() => textChunks("  \n"), { mode: "publish" });
    expect(empty.errors).toEqual([
      { item: 1, line: 1, field: "(file)", problem: "The file is empty." },
    ]);
  });

  it("stages changes in preview, shows them only in preview, then publishes or discards them", async () => {
    const [a, b] = exampleRecords();
    await importText(jsonLines([a]));
    const changed = clone(a);
    changed.title = `${a.title} (updated)`;

    const preview = await validateImport(() => textChunks(jsonLines([changed, b])), {
      mode: "preview",
      compare: true,
    });
    expect(preview.counts).toMatchObject({ new: 1, changed: 1, unchanged: 0, changes: 1 });

    await importText(jsonLines([changed, b]), "preview");
    expect(required(await getRecord(a.hssId), "the record").document.title).toBe(a.title);
    expect(await getRecord(b.hssId)).toBeNull();
    const staged = required(await getRecord(a.hssId, { preview: true }), "the staged version");
    expect(staged).toMatchObject({ state: "staged", version: 2 });
    expect(staged.document.title).toBe(changed.title);
    expect(staged.changeLog).toEqual([
      expect.objectContaining({
        section: "keyFacts",
        field: "Title",
        before: a.title,
        after: changed.title,
        state: "staged",
      }),
    ]);
    expect(required(await getRecord(b.hssId, { preview: true }), "the record").state).toBe(
      "staged",
    );
    const list = await listStaged({ limit: 500, offset: 0 });
    expect(list.versions.filter((v) => [a.hssId, b.hssId].includes(v.hssId))).toHaveLength(2);

    expect(await publishStaged([a.hssId])).toBe(1);
    expect(required(await getRecord(a.hssId), "the record").document.title).toBe(changed.title);
    expect(await versionsOf(a.hssId)).toEqual([
      { version: 1, state: "superseded" },
      { version: 2, state: "published" },
    ]);
    expect(await discardStaged([b.hssId])).toBe(1);
    expect(await getRecord(b.hssId, { preview: true })).toBeNull();
  });

  it("makes the published version findable at once by its values, dates and words", async () => {
    const [a] = exampleRecords();
    await importText(jsonLines([a]));
    const find = async (overrides: Partial<SearchRequest>) =>
      (
        await searchRecords(
          { ...DEFAULT_SEARCH, ...overrides },
          { enableStubRecords: true, enableMaaIndications: true },
          { facets: false },
        )
      ).hits.map((hit) => hit.hssId);
    const byId = {
      isAdvancedSearch: true,
      advanceSearchFilter: [
        {
          filterId: "hssId",
          operator: "is" as const,
          fieldValue: a.hssId,
          dateFrom: "",
          dateTo: "",
          join: "and" as const,
        },
      ],
    };
    for (const [filterId, value] of [
      ["company", "Kestrel Bio AG"],
      ["company", "Norvane Therapeutics"],
      ["euRegulatoryStatus", "MAA under evaluation"],
      ["estimatedCost", "EUR 50,000 to EUR 100,000"],
      ["firstInClass", "No"],
    ]) {
      expect(
        await find({ ...byId, basicSearchFilter: [{ filterId, values: [value] }] }),
        `${filterId}: ${value}`,
      ).toEqual([a.hssId]);
    }
    const event = (eventName: string, date: string) =>
      find({
        ...byId,
        emaTimelineFrom: date,
        emaTimelineTo: date,
        emaEventsByDateRangeAndEventNameFilter: { eventName },
      });
    expect(await event("MAA submitted", "2026-02-03")).toEqual([a.hssId]);
    expect(await event("MAA validated", "2026-02-26")).toEqual([a.hssId]);
    expect(await event("MAA submitted", "2026-02-26")).toEqual([]);
    expect(await find({ searchPhrase: `zalutinib lung ${a.hssId}` })).toEqual([a.hssId]);
  });
});
