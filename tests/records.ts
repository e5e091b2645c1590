import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { HssRecordInput } from "~/records/schema.server";
import { required } from "../app/lib/required";

const example = JSON.parse(
  readFileSync(path.resolve("docs/import-example.json"), "utf8"),
) as HssRecordInput[];

/**
 * The two documented example records, with hssIds unique to this call (the PostgreSQL
 * test database is shared across files and runs) and their links rewritten to match.
 */
export function exampleRecords(): [HssRecordInput, HssRecordInput] {
  const prefix = `T${randomUUID().slice(0, 8)}`;
  const text = JSON.stringify(example).replaceAll("HSS-EX-", `${prefix}-`);
  return JSON.parse(text);
}

export function jsonLines(records: unknown[]) {
  return `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/**
 * The first example record one step on: five field changes (last updated, EMA status,
 * a new EMA event, a US trial's status, a licensee gone) that both the integration and
 * the browser tests expect in the change log.
 */
export function progressedExample(record: HssRecordInput): HssRecordInput {
  const changed = clone(record);
  changed.lastUpdated = "2026-10-30";
  changed.regulatoryInformation.ema.status = "CHMP positive opinion";
  changed.regulatoryInformation.ema.events = [
    ...(changed.regulatoryInformation.ema.events ?? []),
    { event: "CHMP opinion", date: "2026-10-16" },
  ];
  required(changed.clinicalTrials.usClinicalTrialRegistries, "US trials")[0].status = "Completed";
  changed.organisations = changed.organisations.filter((o) => o.role !== "Licensee");
  return changed;
}
