import { z } from "zod";
import { EMA_EVENTS } from "~/records/vocabulary";
import { availableFilters, type EnabledSettings, type SearchFilter } from "./filters";
import { MAX_PHRASE_LENGTH } from "./phrase";
import {
  type AdvancedRow,
  type BasicFilterGroup,
  DEFAULT_SEARCH,
  MAX_ADVANCED_ROWS,
  OPERATOR_LABELS,
  OPERATORS,
  PAGE_SIZE,
  PAGE_SIZES,
  SORT_FIELDS,
  type SearchRequest,
} from "./request";
import { required } from "~/lib/required";

/**
 * Reads a search request from a URL. Nothing here throws: a malformed part is dropped or
 * corrected, and `notices` says what and why, in words for the page. Errors in advanced
 * search rows are field errors (`rowErrors`) for the form, and the search does not run.
 */
export interface ParsedSearch {
  request: SearchRequest;
  notices: string[];
  rowErrors: RowError[];
}

export interface RowError {
  row: number;
  field: "field" | "op" | "value" | "dateFrom" | "dateTo" | "join";
  /** With its row ("Row 2: …"): for the error summary and the API, where the row is not in view. */
  message: string;
  /** Without it: beside the field, inside the row's own fieldset, which already says the row. */
  inline: string;
}

export const MAX_FILTER_VALUE_LENGTH = 300;
export const MAX_RESULT_WINDOW = 10_000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  });

const sortSchema = z.enum(SORT_FIELDS);
const orderSchema = z.enum(["asc", "desc"]);
const operatorSchema = z.enum(OPERATORS);
const sizeSchema = z.coerce
  .number()
  .int()
  .refine((size) => (PAGE_SIZES as readonly number[]).includes(size));
const pageSchema = z.coerce.number().int().min(1);

function readDate(params: URLSearchParams, name: string, label: string, notices: string[]) {
  const raw = params.get(name)?.trim();
  if (!raw) return null;
  if (isoDate.safeParse(raw).success) return raw;
  notices.push(
    `The ${label} date "${raw.slice(0, 40)}" is not a real date written YYYY-MM-DD, so it was left out.`,
  );
  return null;
}

/** Years a record's events may fall in: the schema takes any YYYY-MM-DD date. */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

function readYear(params: URLSearchParams, name: string, label: string, notices: string[]) {
  const raw = params.get(name)?.trim();
  if (!raw) return null;
  if (/^\d{4}$/.test(raw) && Number(raw) >= MIN_YEAR) return Number(raw);
  notices.push(
    `The ${label} year "${raw.slice(0, 40)}" is not a year written with four digits, so it was left out.`,
  );
  return null;
}

function orderedRange<T extends string | number>(
  from: T | null,
  to: T | null,
  label: string,
  notices: string[],
): [T | null, T | null] {
  if (from && to && from > to) {
    const what = typeof from === "number" ? "years" : "dates";
    notices.push(`The ${label} ${what} were the wrong way round, so they were swapped.`);
    return [to, from];
  }
  return [from, to];
}

export function parseSearchParams(
  params: URLSearchParams,
  settings: EnabledSettings,
  options: { advanced?: boolean } = {},
): ParsedSearch {
  const notices: string[] = [];
  const rowErrors: RowError[] = [];
  const filters = new Map(availableFilters(settings).map((filter) => [filter.id, filter]));

  let searchPhrase = (params.get("q") ?? "").trim();
  if (searchPhrase.length > MAX_PHRASE_LENGTH) {
    searchPhrase = searchPhrase.slice(0, MAX_PHRASE_LENGTH);
    notices.push(
      `The search phrase was longer than ${MAX_PHRASE_LENGTH} characters, so only the first ${MAX_PHRASE_LENGTH} were used.`,
    );
  }

  const groups = new Map<string, BasicFilterGroup>();
  // "f=filter:value" from facets and links; "f.filter=value" from a typed filter box.
  const typedValues = [...params.keys()]
    .filter((name, index, all) => name.startsWith("f.") && all.indexOf(name) === index)
    .flatMap((name) =>
      params
        .getAll(name)
        .filter((value) => value.trim())
        .map((value) => `${name.slice(2)}:${value}`),
    );
  for (const raw of [...params.getAll("f"), ...typedValues]) {
    const colon = raw.indexOf(":");
    const filterId = colon === -1 ? raw : raw.slice(0, colon);
    const value = colon === -1 ? "" : raw.slice(colon + 1).trim();
    const filter = filters.get(filterId);
    if (!filter || filter.type === "DatePicker") {
      notices.push(`"${filterId.slice(0, 60)}" is not a filter here, so it was left out.`);
      continue;
    }
    if (!value || value.length > MAX_FILTER_VALUE_LENGTH) continue;
    const group = groups.get(filterId) ?? { filterId, values: [] };
    if (!group.values.includes(value)) group.values.push(value);
    groups.set(filterId, group);
  }
  for (const group of groups.values()) {
    const filter = required(filters.get(group.filterId), `${group.filterId} filter`);
    if (filter.isBooleanFilter && group.values.length > 1) {
      notices.push(
        `${filter.label} takes one value at a time, so only "${group.values[0]}" was used.`,
      );
      group.values = group.values.slice(0, 1);
    }
  }

  const [lastUpdatedDateFrom, lastUpdatedDateTo] = orderedRange(
    readDate(params, "luFrom", "last updated from", notices),
    readDate(params, "luTo", "last updated to", notices),
    "last updated",
    notices,
  );
  const [emaTimelineFrom, emaTimelineTo] = orderedRange(
    readDate(params, "euFrom", "EU event from", notices),
    readDate(params, "euTo", "EU event to", notices),
    "EU event",
    notices,
  );
  const [emaNextOrLastEventYearFrom, emaNextOrLastEventYearTo] = orderedRange(
    readYear(params, "euYearFrom", "next or last EU event from", notices),
    readYear(params, "euYearTo", "next or last EU event to", notices),
    "next or last EU event",
    notices,
  );
  const eventName = params.get("euEvent")?.trim();
  let emaEventsByDateRangeAndEventNameFilter: SearchRequest["emaEventsByDateRangeAndEventNameFilter"] =
    null;
  if (eventName) {
    if ((EMA_EVENTS as readonly string[]).includes(eventName))
      emaEventsByDateRangeAndEventNameFilter = { eventName };
    else notices.push(`"${eventName.slice(0, 60)}" is not an EU event, so it was left out.`);
  }

  const sort = sortSchema.safeParse(params.get("sort") ?? undefined);
  const order = orderSchema.safeParse(params.get("order") ?? undefined);
  const size = params.has("size") ? sizeSchema.safeParse(params.get("size")) : undefined;
  if (size && !size.success)
    notices.push(`Results are shown ${PAGE_SIZES.join(", ")} to a page; ${PAGE_SIZE} were used.`);
  const pageSize = size?.success ? size.data : PAGE_SIZE;
  const page = params.has("page") ? pageSchema.safeParse(params.get("page")) : undefined;
  if (page && !page.success)
    notices.push("The page number was not a whole number from 1 up, so the first page is shown.");
  let pageNumber = page?.success ? page.data : 1;
  if ((pageNumber - 1) * pageSize >= MAX_RESULT_WINDOW) {
    notices.push(
      `Only the first ${MAX_RESULT_WINDOW.toLocaleString("en-GB")} results can be paged through; narrow the search to see the rest.`,
    );
    pageNumber = 1;
  }

  const isAdvancedSearch = options.advanced === true || params.get("adv") === "1";
  const advanceSearchFilter = isAdvancedSearch ? readRows(params, filters, rowErrors) : [];

  return {
    request: {
      ...DEFAULT_SEARCH,
      size: pageSize,
      from: (pageNumber - 1) * pageSize,
      sortBy: sort.success ? sort.data : null,
      sortOrder: order.success ? order.data : null,
      searchPhrase: searchPhrase || "*",
      lastUpdatedDateFrom,
      lastUpdatedDateTo,
      emaTimelineFrom,
      emaTimelineTo,
      emaEventsByDateRangeAndEventNameFilter,
      emaNextOrLastEventYearFrom,
      emaNextOrLastEventYearTo,
      basicSearchFilter: [...groups.values()],
      isAdvancedSearch,
      advanceSearchFilter,
    },
    notices,
    rowErrors,
  };
}

/** The advanced rows: parallel lists field, op, value, dateFrom, dateTo and join, one entry per row. */
function readRows(
  params: URLSearchParams,
  filters: Map<string, SearchFilter>,
  errors: RowError[],
): AdvancedRow[] {
  const fields = params.getAll("field");
  const at = (name: string, index: number) => (params.getAll(name)[index] ?? "").trim();
  const rows: AdvancedRow[] = [];
  for (let index = 0; index < Math.min(fields.length, MAX_ADVANCED_ROWS); index++) {
    const row: AdvancedRow = {
      filterId: fields[index].trim(),
      operator: operatorSchema.safeParse(at("op", index)).data ?? "contains",
      fieldValue: at("value", index).slice(0, MAX_FILTER_VALUE_LENGTH),
      dateFrom: at("dateFrom", index),
      dateTo: at("dateTo", index),
      join: at("join", index) === "or" ? "or" : "and",
    };
    const blank = !row.filterId && !row.fieldValue && !row.dateFrom && !row.dateTo;
    if (blank) continue; // an empty row, as added and left: nothing to search for
    rows.push(row);
  }
  errors.push(...advancedRowErrors(rows, filters));
  return rows;
}

/** What is wrong with advanced rows, in the form's words ("Row 2: …"): the form and the API share it. */
export function advancedRowErrors(
  rows: AdvancedRow[],
  filters: Map<string, SearchFilter>,
): RowError[] {
  const errors: RowError[] = [];
  rows.forEach((row, index) => {
    const rowNumber = index + 1;
    const filter = filters.get(row.filterId);
    const fail = (field: RowError["field"], message: string) =>
      errors.push({ row: index, field, message: `Row ${rowNumber}: ${message}`, inline: message });
    if (!filter) {
      fail("field", "Choose a field to search in");
      return;
    }
    if (filter.type === "DatePicker") {
      if (row.operator !== "between") {
        fail("op", `${filter.label} is a date: choose "${OPERATOR_LABELS.between}"`);
        return;
      }
      const from = row.dateFrom ? isoDate.safeParse(row.dateFrom).success : true;
      const to = row.dateTo ? isoDate.safeParse(row.dateTo).success : true;
      if (!row.dateFrom && !row.dateTo)
        fail("dateFrom", `Enter a from date, a to date or both for ${filter.label}`);
      if (!from) fail("dateFrom", "The from date must be a real date");
      if (!to) fail("dateTo", "The to date must be a real date");
      if (from && to && row.dateFrom && row.dateTo && row.dateFrom > row.dateTo)
        fail("dateTo", "The to date must be the same as or after the from date");
    } else {
      if (row.operator === "between")
        fail("op", `"${OPERATOR_LABELS.between}" is only for date fields; ${filter.label} is text`);
      else if (!row.fieldValue) fail("value", `Enter a value for ${filter.label}`);
    }
    if (rowNumber > 1 && row.join === "or" && !filter.orClauseEnabled) {
      fail("join", `${filter.label} cannot be joined by OR; choose AND`);
    }
  });
  return errors;
}

const ROW_KEYS: Record<RowError["field"], keyof AdvancedRow> = {
  field: "filterId",
  op: "operator",
  value: "fieldValue",
  dateFrom: "dateFrom",
  dateTo: "dateTo",
  join: "join",
};

/**
 * What the site's filters make wrong in a search request already of the right shape (the
 * API's body): unknown filters, a filter that takes one value given several, an EU event
 * that does not exist, ranges the wrong way round, a page past the result window, and the
 * advanced rows' errors. Keys are the body's paths, as the API's VALIDATION_FAILED names them.
 */
export function checkSearchRequest(
  request: SearchRequest,
  settings: EnabledSettings,
  prefix = "body",
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[`${prefix}.${key}`] ??= [];
    errors[`${prefix}.${key}`].push(message);
  };
  const filters = new Map(availableFilters(settings).map((filter) => [filter.id, filter]));
  request.basicSearchFilter.forEach((group, index) => {
    const filter = filters.get(group.filterId);
    if (!filter || filter.type === "DatePicker")
      add(
        `basicSearchFilter.${index}.filterId`,
        `"${group.filterId.slice(0, 60)}" is not a filter here`,
      );
    else if (filter.isBooleanFilter && group.values.length > 1)
      add(`basicSearchFilter.${index}.values`, `${filter.label} takes one value at a time`);
  });
  const eventName = request.emaEventsByDateRangeAndEventNameFilter?.eventName;
  if (eventName && !(EMA_EVENTS as readonly string[]).includes(eventName))
    add(
      "emaEventsByDateRangeAndEventNameFilter.eventName",
      `"${eventName.slice(0, 60)}" is not an EU event`,
    );
  const ranges: Array<[keyof SearchRequest, keyof SearchRequest, string]> = [
    ["lastUpdatedDateFrom", "lastUpdatedDateTo", "date"],
    ["emaTimelineFrom", "emaTimelineTo", "date"],
    ["emaNextOrLastEventYearFrom", "emaNextOrLastEventYearTo", "year"],
  ];
  for (const [fromKey, toKey, what] of ranges) {
    const from = request[fromKey];
    const to = request[toKey];
    if (from != null && to != null && from > to)
      add(String(toKey), `The to ${what} must be the same as or after the from ${what}`);
  }
  if (request.from + request.size > MAX_RESULT_WINDOW)
    add(
      "from",
      `Only the first ${MAX_RESULT_WINDOW.toLocaleString("en-GB")} results can be paged through; narrow the search to see the rest`,
    );
  if (request.isAdvancedSearch)
    for (const error of advancedRowErrors(request.advanceSearchFilter, filters))
      add(`advanceSearchFilter.${error.row}.${ROW_KEYS[error.field]}`, error.message);
  return errors;
}
