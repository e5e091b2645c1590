import { z } from "zod";
import { humanise } from "~/records/diff";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { PRINT_SECTIONS } from "~/records/sections";
import { availableFilters, type EnabledSettings, isDateFilter } from "~/search/filters";
import { required } from "~/lib/required";

/**
 * The columns of an export, derived, never listed by hand:
 * - the limited set (CSV, XML) from the filter registry: the record's HSS ID and title,
 *   then every filter of the basic search panel;
 * - every field (XLSX, `includeAllFields`) from the record model's zod schema: one column
 *   per field, a list's items one per line of the cell.
 */
export type Cell = string | number;

export interface ExportColumn<Row = HssRecord> {
  /** A name usable as an XML element: the filter id, or the field's path joined by dots. */
  id: string;
  label: string;
  values: (row: Row) => Cell[];
}

const present = <T>(values: Array<T | undefined | null>) =>
  values.filter((value): value is T => value !== undefined && value !== null && value !== "");

export function limitedColumns(settings: EnabledSettings): ExportColumn[] {
  const filters = availableFilters(settings);
  const first = ["hssId", "title"];
  const chosen = [
    ...first.map((id) =>
      required(
        filters.find((filter) => filter.id === id),
        `${id} filter`,
      ),
    ),
    ...filters.filter((filter) => filter.basic && !first.includes(filter.id)),
  ];
  return chosen.map((filter) => ({
    id: filter.id,
    label: filter.label,
    values: isDateFilter(filter)
      ? (record) => [...new Set(filter.dates(record).map((entry) => entry.date))]
      : (record) => [...new Set(present(filter.values(record)))],
  }));
}

type Path = Array<string | "[]">;

/** Peels optional, default and nullable wrappers off a schema. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodNullable
  ) {
    current = current.def.innerType as z.ZodType;
  }
  return current;
}

/** Every leaf of the schema, as a path through objects and lists. */
function leaves(schema: z.ZodType, path: Path, out: Path[]) {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    for (const [key, child] of Object.entries(inner.shape))
      leaves(child as z.ZodType, [...path, key], out);
  } else if (inner instanceof z.ZodArray) {
    leaves(inner.element as z.ZodType, [...path, "[]"], out);
  } else {
    out.push(path);
  }
}

const scalar = (value: unknown): Cell | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return value;
  return String(value);
};

/** The values at a path: a list's items become one entry each (nested lists joined by commas). */
function valuesAt(value: unknown, path: Path): Array<Cell | undefined> {
  if (path.length === 0) return [scalar(value)];
  const [head, ...rest] = path;
  if (head === "[]") {
    if (!Array.isArray(value)) return [];
    return value.map((item) => {
      const inner = valuesAt(item, rest).filter((part) => part !== undefined);
      return inner.length === 0 ? undefined : inner.length === 1 ? inner[0] : inner.join(", ");
    });
  }
  if (value === null || typeof value !== "object") return [undefined];
  return valuesAt((value as Record<string, unknown>)[head], rest);
}

const SECTION_LABELS = new Map(PRINT_SECTIONS.map((section) => [section.value, section.label]));

export function allFieldColumns(): ExportColumn[] {
  const paths: Path[] = [];
  leaves(recordSchema, [], paths);
  return paths.map((path) => {
    const keys = path.filter((part) => part !== "[]");
    const label = keys.map((key) => SECTION_LABELS.get(key) ?? humanise(key)).join(" › ");
    return {
      id: keys.join("."),
      label,
      // A list keeps one entry per item (an empty one where an item lacks the field), so
      // that the lines of neighbouring columns line up.
      values: path.includes("[]")
        ? (record) => valuesAt(record, path).map((value) => value ?? "")
        : (record) => present(valuesAt(record, path)),
    };
  });
}
