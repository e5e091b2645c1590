import type { HssRecord } from "./schema.server";

/** One change-log entry: what changed between two versions of a record. */
export interface FieldChange {
  /** The print-section value the field belongs to (app/records/sections.ts). */
  section: string;
  field: string;
  before: string | null;
  after: string | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const KEY_FACTS = new Set([
  "hssId",
  "title",
  "recordStatus",
  "lastUpdated",
  "stubRecord",
  "firstInClass",
]);
// Sections whose children are print sections of their own.
const PARENT_SECTIONS = new Set(["regulatoryInformation", "clinicalTrials", "relatedRecords"]);

const WORDS: Record<string, string> = {
  atc: "ATC",
  meddra: "MedDRA",
  soc: "SOC",
  hlgt: "HLGT",
  hlt: "HLT",
  pt: "PT",
  llt: "LLT",
  icd10: "ICD-10",
  ema: "EMA",
  fda: "FDA",
  maa: "MAA",
  chmp: "CHMP",
  ihsi: "IHSI",
  prime: "PRIME",
  hss: "HSS",
  id: "ID",
};

/** `atcCode` → "ATC code", `maaIndications` → "MAA indications". */
export function humanise(key: string) {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(" ")
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const first = words[0] ?? "";
  words[0] = first === first.toLowerCase() ? first.charAt(0).toUpperCase() + first.slice(1) : first;
  return words.join(" ");
}

/** How items of a list are recognised across versions, so a change reads as a change, not a removal plus an addition. */
function itemKeys(items: Json[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item, index) => {
    let key: string;
    if (item && typeof item === "object" && !Array.isArray(item)) {
      const record = item as Record<string, Json>;
      key = String(
        record.trialId ?? record.hssId ?? record.event ?? record.name ?? record.title ?? index + 1,
      );
    } else {
      key = String(index + 1);
    }
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count > 1 ? `${key} (${count})` : key;
  });
}

/** A value as one line of text for the change log. */
export function describe(value: Json | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" || typeof value === "string") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value.map((item) => describe(item)).join("; ");
  }
  const parts = Object.entries(value)
    .filter(
      ([, part]) =>
        part !== undefined && part !== null && !(Array.isArray(part) && part.length === 0),
    )
    .map(([key, part]) => `${humanise(key)}: ${describe(part)}`);
  return parts.length ? parts.join(", ") : null;
}

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function compare(
  section: string,
  path: string[],
  before: Json | undefined,
  after: Json | undefined,
  out: FieldChange[],
) {
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      compare(section, [...path, humanise(key)], before[key], after[key], out);
    }
    return;
  }
  const beforeList = Array.isArray(before) ? before : before == null ? [] : null;
  const afterList = Array.isArray(after) ? after : after == null ? [] : null;
  const hasObjects = (list: Json[] | null) => list?.some(isObject) ?? false;
  if (beforeList && afterList && (hasObjects(beforeList) || hasObjects(afterList))) {
    const beforeKeys = itemKeys(beforeList);
    const afterKeys = itemKeys(afterList);
    const beforeByKey = new Map(beforeKeys.map((key, index) => [key, beforeList[index]]));
    const afterByKey = new Map(afterKeys.map((key, index) => [key, afterList[index]]));
    for (const key of new Set([...beforeKeys, ...afterKeys])) {
      const itemPath = [...path, key];
      const b = beforeByKey.get(key);
      const a = afterByKey.get(key);
      if (b !== undefined && a !== undefined) compare(section, itemPath, b, a, out);
      else pushChange(section, itemPath, b, a, out);
    }
    return;
  }
  pushChange(section, path, before, after, out);
}

function pushChange(
  section: string,
  path: string[],
  before: Json | undefined,
  after: Json | undefined,
  out: FieldChange[],
) {
  const b = describe(before);
  const a = describe(after);
  if (b !== a) out.push({ section, field: path.join(" › "), before: b, after: a });
}

/**
 * The field-level differences between two versions, in document order. `previous` is
 * undefined for a new record: nothing to compare, so no entries (the record's first
 * version is its own history).
 */
export function diffRecords(previous: HssRecord | undefined, next: HssRecord): FieldChange[] {
  if (!previous) return [];
  const out: FieldChange[] = [];
  // A record is JSON: it is parsed from JSON and stored as jsonb.
  const before = previous as Record<string, Json>;
  const after = next as Record<string, Json>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (KEY_FACTS.has(key)) {
      pushChange("keyFacts", [humanise(key)], before[key], after[key], out);
    } else if (PARENT_SECTIONS.has(key) && isObject(before[key]) && isObject(after[key])) {
      const b = before[key] as Record<string, Json>;
      const a = after[key] as Record<string, Json>;
      for (const child of new Set([...Object.keys(b), ...Object.keys(a)]))
        compare(child, [], b[child], a[child], out);
    } else {
      compare(key, [], before[key], after[key], out);
    }
  }
  // A change to a whole section with no path (a list of strings, say) is named by its section.
  return out.map((change) => (change.field ? change : { ...change, field: "(whole section)" }));
}

/** Canonical JSON (keys sorted) so that two equal documents compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, part]) => part !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, part]) => `${JSON.stringify(key)}:${canonicalJson(part)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
