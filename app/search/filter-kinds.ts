import type { HssRecord } from "~/records/schema.server";

/**
 * The kinds of search filter the registry (filters.ts) is made of, and the helpers that
 * describe one filter of each kind in a line.
 */
export type FilterType = "TextInput" | "AutoComplete" | "DatePicker";

export type RecordCategory =
  | "Record"
  | "Active compound"
  | "Indication"
  | "Comparators"
  | "Organisations"
  | "Classification and codes"
  | "Administration"
  | "Disease"
  | "Regulatory information (EMA)"
  | "Regulatory information (FDA)"
  | "Clinical trials"
  | "Analysis";

export type FilterSetting = "enableStubRecords" | "enableMaaIndications";

interface FilterBase {
  id: string;
  label: string;
  type: FilterType;
  recordCategory: RecordCategory;
  /** Offered on the basic search panel (every filter is offered in advanced search). */
  basic: boolean;
  /** Listed with counts in the filter panel (only basic filters are). */
  facet: boolean;
  /** Several values of this filter may be joined by OR (otherwise they must all hold). */
  orClauseEnabled: boolean;
  isBooleanFilter?: boolean;
  /** Shown only when this site setting is on. */
  setting?: FilterSetting;
}

export interface ValueFilter extends FilterBase {
  type: "TextInput" | "AutoComplete";
  values: (record: HssRecord) => Array<string | undefined>;
}

export interface DateFilter extends FilterBase {
  type: "DatePicker";
  /** Dates (YYYY-MM-DD), each with its event name where the filter has one. */
  dates: (record: HssRecord) => Array<{ date: string; eventName?: string }>;
}

export type SearchFilter = ValueFilter | DateFilter;

const yesNo = (value: boolean) => [value ? "Yes" : "No"];

export type Options = Partial<Pick<FilterBase, "basic" | "facet" | "orClauseEnabled" | "setting">>;

/** A filter people pick values of (facets, suggestions): exact values, OR allowed. */
export function picked(
  id: string,
  label: string,
  recordCategory: RecordCategory,
  values: ValueFilter["values"],
  options: Options = {},
): ValueFilter {
  return {
    id,
    label,
    type: "AutoComplete",
    recordCategory,
    basic: false,
    facet: false,
    orClauseEnabled: true,
    values,
    ...options,
  };
}

/** A free-text field, matched by "contains". */
export function typed(
  id: string,
  label: string,
  recordCategory: RecordCategory,
  values: ValueFilter["values"],
  options: Options = {},
): ValueFilter {
  return {
    id,
    label,
    type: "TextInput",
    recordCategory,
    basic: false,
    facet: false,
    orClauseEnabled: true,
    values,
    ...options,
  };
}

/** A Yes/No fact: one value at a time, so OR is meaningless. */
export function yesOrNo(
  id: string,
  label: string,
  recordCategory: RecordCategory,
  value: (r: HssRecord) => boolean,
  options: Options = {},
): ValueFilter {
  return {
    id,
    label,
    type: "AutoComplete",
    recordCategory,
    basic: true,
    facet: true,
    orClauseEnabled: false,
    isBooleanFilter: true,
    values: (r) => yesNo(value(r)),
    ...options,
  };
}

export function dated(
  id: string,
  label: string,
  recordCategory: RecordCategory,
  dates: DateFilter["dates"],
  options: Options = {},
): DateFilter {
  return {
    id,
    label,
    type: "DatePicker",
    recordCategory,
    basic: false,
    facet: false,
    orClauseEnabled: false,
    dates,
    ...options,
  };
}

export const facet = { basic: true, facet: true } as const;
