import { describe, expect, it } from "vitest";
import { generateRecord, generateRecordHistory, hssIdFor } from "~/records/generate";
import { recordSchema } from "~/records/schema.server";
import { required } from "~/lib/required";

const SIZE = 2000;
const TODAY = "2026-11-01";
const histories = Array.from({ length: SIZE }, (_, index) =>
  generateRecordHistory(index, { catalogueSize: SIZE, today: TODAY }),
);

type Version = (typeof histories)[number][number];
const eventsOf = (version: Version) => [
  ...(version.regulatoryInformation.ema.events ?? []).map((e) => ({ agency: "EMA", ...e })),
  ...(version.regulatoryInformation.fda.events ?? []).map((e) => ({ agency: "FDA", ...e })),
];

/** What may be expected after each status: never a step the record has passed, nor one after an outcome. */
const NEXT_EMA_STEPS: Record<string, string[]> = {
  "Pre-submission": ["MAA submitted"],
  "MAA submitted": ["MAA validated", "CHMP opinion", "EC decision"],
  "MAA under evaluation": ["CHMP opinion", "EC decision"],
  "CHMP positive opinion": ["EC decision"],
};
const NEXT_FDA_STEPS: Record<string, string[]> = {
  "IND active": ["Application submitted"],
  "NDA submitted": ["Advisory committee meeting", "PDUFA date"],
  "BLA submitted": ["Advisory committee meeting", "PDUFA date"],
  "Under priority review": ["Advisory committee meeting", "PDUFA date"],
  "Under standard review": ["Advisory committee meeting", "PDUFA date"],
};

describe("the demo catalogue generator", () => {
  it("writes only valid records, with one to five versions each", () => {
    for (const history of histories) {
      expect(history.length).toBeGreaterThanOrEqual(1);
      expect(history.length).toBeLessThanOrEqual(5);
      for (const version of history) expect(recordSchema.safeParse(version).error).toBeUndefined();
    }
    // Skewed like a real catalogue: most records have a short history, some a long one.
    const long = histories.filter((history) => history.length >= 3).length;
    expect(long / SIZE).toBeGreaterThan(0.2);
    expect(long / SIZE).toBeLessThan(0.6);
  });

  it("moves each history forward in time, with nothing that has happened past today", () => {
    for (const history of histories) {
      for (let v = 1; v < history.length; v++)
        expect(history[v].lastUpdated > history[v - 1].lastUpdated).toBe(true);
      expect(history.every((version) => version.lastUpdated <= TODAY)).toBe(true);
      // Earlier versions have no event after today: only the current one expects any.
      for (const version of history.slice(0, -1))
        expect(eventsOf(version).filter((event) => event.date > TODAY)).toEqual([]);
    }
  });

  it("expects only the next steps of a pipeline record's current status, in the procedure's order", () => {
    for (const history of histories) {
      const record = required(history.at(-1), "a version");
      const { ema, fda } = record.regulatoryInformation;
      const expected = eventsOf(record).filter((event) => event.date > TODAY);
      if (record.recordStatus !== "Active" || record.stubRecord) {
        expect(expected).toEqual([]);
        continue;
      }
      const allowed = [
        ...(NEXT_EMA_STEPS[ema.status] ?? []).map((event) => `EMA ${event}`),
        ...(NEXT_FDA_STEPS[fda.status ?? ""] ?? []).map((event) => `FDA ${event}`),
      ];
      for (const event of expected) {
        expect(allowed).toContain(`${event.agency} ${event.event}`);
        // Weeks or months ahead, not years.
        expect(event.date <= "2027-12-31").toBe(true);
      }
      for (const [agency, order] of [
        ["EMA", ["MAA submitted", "MAA validated", "CHMP opinion", "EC decision"]],
        ["FDA", ["Application submitted", "Advisory committee meeting", "PDUFA date"]],
      ] as const) {
        const steps = expected
          .filter((event) => event.agency === agency)
          .map((event) => (order as readonly string[]).indexOf(event.event));
        expect(steps).toEqual([...steps].sort((a, b) => a - b));
      }
    }
  });

  it("gives most recently reviewed EMA procedures an expected CHMP opinion, so the home page has events to come", () => {
    const reviewedInTheLastYear = histories
      .map((history) => required(history.at(-1), "a version"))
      .filter(
        (record) =>
          record.recordStatus === "Active" &&
          ["MAA submitted", "MAA under evaluation"].includes(
            record.regulatoryInformation.ema.status,
          ) &&
          record.lastUpdated >= "2025-11-01",
      );
    const expecting = reviewedInTheLastYear.filter((record) =>
      eventsOf(record).some((event) => event.event === "CHMP opinion" && event.date > TODAY),
    );
    expect(reviewedInTheLastYear.length).toBeGreaterThan(50);
    expect(expecting.length / reviewedInTheLastYear.length).toBeGreaterThan(0.5);
    // And within the next three months, across the catalogue, more than a home page lists.
    const soon = histories.flatMap((history) =>
      eventsOf(required(history.at(-1), "a version")).filter(
        (event) => event.date > TODAY && event.date <= "2027-02-01",
      ),
    );
    expect(soon.length).toBeGreaterThan(20);
  });

  it("dates its expected events from the day it is given: a year on, the same events a year on", () => {
    // The whole catalogue moves with `today`: the demo seeds with the day it starts.
    const DAY = 86_400_000;
    const yearOn = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 365 * DAY)
      .toISOString()
      .slice(0, 10);
    const ahead = (version: Version, today: string) =>
      eventsOf(version)
        .filter((event) => event.date > today)
        .map((event) => [
          event.agency,
          event.event,
          (Date.parse(event.date) - Date.parse(today)) / DAY,
        ]);
    const now = histories
      .slice(0, 200)
      .map((history) => ahead(required(history.at(-1), "a version"), TODAY));
    const later = now.map((_, index) =>
      ahead(generateRecord(index, { catalogueSize: SIZE, today: yearOn }), yearOn),
    );
    expect(now.flat().length).toBeGreaterThan(5);
    expect(later).toEqual(now);
  });

  it("is deterministic, and a record is the same whatever the catalogue size except for its links", () => {
    expect(generateRecordHistory(5, { catalogueSize: SIZE, today: TODAY })).toEqual(histories[5]);
    const big = {
      ...generateRecord(5, { catalogueSize: 100_000, today: TODAY }),
      relatedRecords: undefined,
    };
    expect(big).toEqual({ ...histories[5].at(-1), relatedRecords: undefined });
  });

  it("links only to other records inside the catalogue, and gives every record a unique hssId", () => {
    const ids = new Set(histories.map((history) => history[0].hssId));
    expect(ids.size).toBe(SIZE);
    expect(hssIdFor(0)).toBe("HSS-000001");
    let links = 0;
    for (const history of histories) {
      const record = required(history.at(-1), "a version");
      for (const list of Object.values(record.relatedRecords)) {
        for (const link of list ?? []) {
          links += 1;
          expect(link.hssId).not.toBe(record.hssId);
          expect(ids.has(link.hssId)).toBe(true);
        }
      }
    }
    expect(links).toBeGreaterThan(SIZE);
  });
});
