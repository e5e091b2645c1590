import type { User } from "~/models/users.server";
import { loadSearch } from "~/pages/search-route.server";
import { type AdvancedRow, MAX_ADVANCED_ROWS, OPERATORS } from "~/search/request";
import type { RowError } from "~/search/request.server";

const BLANK: AdvancedRow = {
  filterId: "",
  operator: "contains",
  fieldValue: "",
  dateFrom: "",
  dateTo: "",
  join: "and",
};

/** The rows exactly as the form sent them, blank ones included (for Add row and Remove row). */
function rawRows(params: URLSearchParams): AdvancedRow[] {
  const at = (name: string, index: number) => params.getAll(name)[index] ?? "";
  return params
    .getAll("field")
    .slice(0, MAX_ADVANCED_ROWS)
    .map((filterId, index) => ({
      filterId,
      operator: (OPERATORS as readonly string[]).includes(at("op", index))
        ? (at("op", index) as AdvancedRow["operator"])
        : "contains",
      fieldValue: at("value", index),
      dateFrom: at("dateFrom", index),
      dateTo: at("dateTo", index),
      join: at("join", index) === "or" ? "or" : "and",
    }));
}

/**
 * The advanced search page: the search (loadSearch) and its rows for the form. Add row and
 * Remove row without JavaScript come back here as a GET: the form comes back with what was
 * typed, changed, and nothing is searched (`editing`).
 */
export async function loadAdvancedSearch(request: Request, user: User) {
  const url = new URL(request.url);
  const adding = url.searchParams.has("addRow");
  const removing = url.searchParams.get("removeRow");
  if (adding || removing !== null) {
    const rows = rawRows(url.searchParams);
    if (adding && rows.length < MAX_ADVANCED_ROWS) rows.push({ ...BLANK });
    if (removing !== null) rows.splice(Number.parseInt(removing, 10), 1);
    const data = await loadSearch(request, user, { advanced: true, run: false });
    return {
      ...data,
      rowErrors: [] as RowError[],
      notices: [],
      rows: rows.length ? rows : [{ ...BLANK }],
      editing: true,
    };
  }
  const data = await loadSearch(request, user, { advanced: true });
  const rows = data.request.advanceSearchFilter.length
    ? data.request.advanceSearchFilter
    : [{ ...BLANK }];
  return { ...data, rows, editing: false };
}
