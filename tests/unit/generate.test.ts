import { describe, expect, it } from "vitest";
import { generateRecord, generateRecordHistory, hssIdFor } from "~/records/generate";
import { recordSchema } from "~/records/schema.server";
import { required } from "~/lib/required";

const SIZE = 2000;
const histories = Array.from({ length: SIZE }, (_, index) =>
  generateRecordHistory(index, { catalogueSize: SIZE, today: "2026-11-01" }),
);

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

  it("moves each history forward in time and never past today", () => {
    for (const history of histories) {
      for (let v = 1; v < history.length; v++)
        expect(history[v].lastUpdated > history[v - 1].lastUpdated).toBe(true);
      const last = history[history.length - 1];
      expect(last.lastUpdated <= "2026-11-01").toBe(true);
      for (const event of [
        ...(last.regulatoryInformation.ema.events ?? []),
        ...(last.regulatoryInformation.fda.events ?? []),
      ]) {
        expect(event.date <= "2026-11-01").toBe(true);
      }
    }
  });

  it("is deterministic, and a record is the same whatever the catalogue size except for its links", () => {
    expect(generateRecordHistory(5, { catalogueSize: SIZE, today: "2026-11-01" })).toEqual(
      histories[5],
    );
    const big = {
      ...generateRecord(5, { catalogueSize: 100_000, today: "2026-11-01" }),
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
