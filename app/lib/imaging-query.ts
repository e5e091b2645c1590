/**
 * The imaging and diagnostics list's query (filters, sort, page), kept in the URL so that it
 * works without JS and can be bookmarked. Shared by the loaders, the model and the table.
 */

/** An entry's own fields, as the model, the pages and the demo data name them. */
// A type, not an interface: conform's form shapes want an index signature.
export type ImagingFields = {
  category: string;
  emaCode: string;
  chemicalName: string;
  tradeName: string;
  indicationStatement: string;
};

export const SORTS = ["category", "emaCode", "chemicalName", "tradeName", "latestEvent"] as const;
export type ImagingSort = (typeof SORTS)[number];
export const STATUSES = ["all", "active", "archived"] as const;
export type ImagingStatus = (typeof STATUSES)[number];

export interface ImagingQuery {
  q: string;
  category: string;
  /** Staff only: members never see archived entries. */
  status: ImagingStatus;
  sort: ImagingSort;
  order: "asc" | "desc";
  page: number;
}

/** Newest event first; a column's first click sorts ascending. */
const defaultOrder = (sort: ImagingSort) => (sort === "latestEvent" ? "desc" : "asc");

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The list's query from the URL; anything unknown falls back to its default. */
export function parseImagingQuery(params: URLSearchParams): ImagingQuery {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const sort = pick(params.get("sort"), SORTS, "latestEvent");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    category: (params.get("category") ?? "").trim().slice(0, 100),
    status: pick(params.get("status"), STATUSES, "all"),
    sort,
    order: pick(params.get("order"), ["asc", "desc"] as const, defaultOrder(sort)),
    page: Number.isSafeInteger(page) && page > 0 && page <= 10_000 ? page : 1,
  };
}

/** The list's address with some of the query changed; defaults stay out of the URL. */
export function imagingListHref(
  pathname: string,
  query: ImagingQuery,
  changes: Partial<ImagingQuery> = {},
) {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.status !== "all") params.set("status", next.status);
  if (next.sort !== "latestEvent" || next.order !== defaultOrder(next.sort)) {
    params.set("sort", next.sort);
    params.set("order", next.order);
  }
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
