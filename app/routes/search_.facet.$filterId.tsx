import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { Pagination } from "~/components/search/SearchResults";
import { FacetValueText } from "~/components/search/FacetPanel";
import { requireUserWith } from "~/auth/auth.server";
import { searchPageColumns } from "~/models/page-columns.server";
import { pagedTitle, type RouteHandle } from "~/lib/route-handle";
import { facetValuesPage } from "~/pages/facet-values.server";
import { FACET_PAGE_SIZE, searchHref, toSearchParams } from "~/search/request";
import { withContentKeys } from "~/lib/keys";

export const handle: RouteHandle<{ label: string; page: number; total: number } | undefined> = {
  title: (data) =>
    data
      ? pagedTitle(`${data.label} values`, data.page, Math.ceil(data.total / FACET_PAGE_SIZE))
      : "Filter values",
};

/**
 * A facet's "more" page: every value of one filter over the current results, paged and
 * sorted by count or A–Z, with a box to find values by text. It is also how people pick
 * values of a suggestion field without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { extra: known } = await requireUserWith(request, searchPageColumns);
  return await facetValuesPage(params.filterId, new URL(request.url).searchParams, known);
}

export default function FacetValuesRoute() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const { search, filterId, label, values, total, sort, page, contains, advanced } = data;
  const basePath = advanced ? "/advancedsearch" : "/search";
  const backHref = searchHref(search, { path: basePath });
  // The search without this filter's values: the form sends the ticked ones back.
  const others = toSearchParams({
    ...search,
    from: 0,
    basicSearchFilter: search.basicSearchFilter.filter((g) => g.filterId !== filterId),
  });
  const selected = search.basicSearchFilter.find((g) => g.filterId === filterId)?.values ?? [];
  const onPage = new Set(values.map((v) => v.value));
  const pages = Math.max(1, Math.ceil(total / FACET_PAGE_SIZE));
  const pageHref = (target: number) => {
    const next = toSearchParams(search);
    if (advanced) next.set("from", "advanced");
    if (sort === "az") next.set("fsort", "az");
    if (contains) next.set("fq", contains);
    if (target > 1) next.set("fpage", String(target));
    return `/search/facet/${filterId}?${next}`;
  };
  const searchParams = [...toSearchParams(search)];
  return (
    <>
      <Breadcrumb
        items={[
          { label: advanced ? "Advanced search" : "Search", to: backHref },
          { label: `${label} values` },
        ]}
      />
      <h1>{label} values</h1>
      <p>
        {total.toLocaleString("en-GB")} {total === 1 ? "value" : "values"} in the current results
        {contains ? ` containing “${contains}”` : ""}.{" "}
        <Link to={backHref}>Back to the results</Link>
      </p>
      <Form key={`find-${location.search}`} method="get" className="facet-find">
        {withContentKeys(searchParams, ([name, value]) => `${name}=${value}`).map(
          ({ key, item: [name, value] }) => (
            <input key={key} type="hidden" name={name} value={value} />
          ),
        )}
        {advanced ? <input type="hidden" name="from" value="advanced" /> : null}
        <div className="grid">
          <div>
            <label htmlFor="fq">Find {label.toLowerCase()} values containing</label>
            <input type="search" id="fq" name="fq" defaultValue={contains} maxLength={100} />
          </div>
          <div>
            <label htmlFor="fsort">Order</label>
            <select id="fsort" name="fsort" defaultValue={sort}>
              <option value="count">Most records first</option>
              <option value="az">A to Z</option>
            </select>
          </div>
        </div>
        <button type="submit" className="secondary">
          Show values
        </button>
      </Form>
      <Form key={`apply-${location.search}`} method="get" action={basePath}>
        {withContentKeys([...others], ([name, value]) => `${name}=${value}`).map(
          ({ key, item: [name, value] }) => (
            <input key={key} type="hidden" name={name} value={value} />
          ),
        )}
        {selected
          .filter((value) => !onPage.has(value))
          .map((value) => (
            <input key={value} type="hidden" name="f" value={`${filterId}:${value}`} />
          ))}
        <fieldset className="facet facet--all">
          <legend>
            {label} (page {page} of {pages})
          </legend>
          {values.length ? (
            <ul>
              {values.map((value, index) => (
                <li key={value.value}>
                  <input
                    type="checkbox"
                    id={`value-${index}`}
                    name="f"
                    value={`${filterId}:${value.value}`}
                    defaultChecked={value.selected}
                  />
                  <label htmlFor={`value-${index}`}>
                    <FacetValueText value={value.value} count={value.count} />
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p>No values match.</p>
          )}
        </fieldset>
        <button type="submit">Apply filters</button>
      </Form>
      <Pagination page={page} pages={pages} href={pageHref} label={`${label} values pages`} />
    </>
  );
}
