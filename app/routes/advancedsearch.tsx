import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { chartsShouldRevalidate } from "~/components/charts/SearchCharts";
import { ErrorSummary } from "~/components/ErrorSummary";
import { SEARCH_FORM_ID } from "~/components/search/FacetPanel";
import { SuggestInput } from "~/components/search/SuggestInput";
import { ResultsArea } from "~/components/search/SearchPage";
import { resultCountText } from "~/components/search/SearchResults";
import { requireUser } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { loadAdvancedSearch } from "~/pages/advanced-search.server";
import { type loadSearch, searchAction } from "~/pages/search-route.server";
import { describePhrase, MAX_PHRASE_LENGTH, parsePhrase } from "~/search/phrase";
import {
  type AdvancedRow,
  describeSearch,
  isDefaultSearch,
  MAX_ADVANCED_ROWS,
  OPERATOR_LABELS,
  OPERATORS,
  pageOf,
} from "~/search/request";
import type { RowError } from "~/search/request.server";
import { withContentKeys } from "~/lib/keys";
import { useHydrated } from "~/lib/hydrated";

type Data = Awaited<ReturnType<typeof loadSearch>> & { rows: AdvancedRow[]; editing: boolean };

export const handle: RouteHandle<Data | undefined> = {
  title: (data) => {
    if (!data) return "Advanced search";
    if (data.rowErrors.length) return "Error: Advanced search";
    if (!data.result || data.editing) return "Advanced search";
    return `Advanced search: ${resultCountText(data.result.total)}, page ${pageOf(data.request)}`;
  },
};

export const shouldRevalidate = chartsShouldRevalidate;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await loadAdvancedSearch(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return searchAction(request, user, { advanced: true });
}

const fieldId = (row: number, field: RowError["field"]) => `row-${row}-${field}`;

/**
 * A row's operator, followed as it changes once scripts run: the fields it has no use for
 * (the dates for contains, is and is not; the value for between dates) are then hidden. Without
 * scripts every field shows, each label saying which operators it is for.
 */
function useOperator(initial: AdvancedRow["operator"]) {
  const hydrated = useHydrated();
  const [operator, setOperator] = useState(initial);
  const shows = (field: "value" | "dates") =>
    !hydrated || (field === "dates") === (operator === "between");
  return { shows, setOperator };
}

export default function AdvancedSearchRoute() {
  const data = useLoaderData<typeof loader>();
  const { request, rows, rowErrors, filters, labels, editing, result } = data;
  const location = useLocation();
  const categories = [...new Set(filters.map((filter) => filter.recordCategory))];
  const modified = !isDefaultSearch(request) || request.advanceSearchFilter.length > 0;
  const syntax = modified
    ? describeSearch(request, labels, (phrase) => describePhrase(parsePhrase(phrase)))
    : "";
  return (
    <>
      <Breadcrumb items={[{ label: "Search", to: "/search" }, { label: "Advanced search" }]} />
      <ErrorSummary
        items={rowErrors.map((error) => ({
          fieldId: fieldId(error.row, error.field),
          message: error.message,
        }))}
      />
      <h1>Advanced search</h1>
      <Form
        key={location.search}
        method="get"
        action="/advancedsearch"
        id={SEARCH_FORM_ID}
        className="advanced-form"
        noValidate
      >
        {/* Enter in a box presses a form's first submit button: Search, not Add row or Remove row. */}
        <button type="submit" hidden tabIndex={-1}>
          Search
        </button>
        <div className="field">
          <label htmlFor="q">
            Any field contains <span className="optional">(optional)</span>
          </label>
          <small id="q-hint" className="hint">
            Words, “quoted phrases”, OR, -exclusions and prefix*.{" "}
            <Link to="/searchtips#advanced">How advanced search works</Link>
          </small>
          <input
            type="search"
            id="q"
            name="q"
            defaultValue={request.searchPhrase === "*" ? "" : request.searchPhrase}
            maxLength={MAX_PHRASE_LENGTH}
            aria-describedby="q-hint"
          />
        </div>
        {withContentKeys(rows).map(({ key, item: row }, index) => (
          <AdvancedRowFields
            key={key}
            row={row}
            index={index}
            count={rows.length}
            rowErrors={rowErrors}
            filters={filters}
            categories={categories}
          />
        ))}
        {rows.length < MAX_ADVANCED_ROWS ? (
          <p className="add-row">
            <button type="submit" name="addRow" value="1" className="secondary" formNoValidate>
              Add row
            </button>
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit">Search</button>
          <Link to="/advancedsearch" className="button-link secondary">
            Clear
          </Link>
        </div>
      </Form>
      {syntax && !editing && result ? (
        <p className="advanced-search-bar">
          <strong>Searching for:</strong> <code>{syntax}</code>
        </p>
      ) : null}
      {!editing ? <ResultsArea data={data} basePath="/advancedsearch" /> : null}
    </>
  );
}

function AdvancedRowFields({
  row,
  index,
  count,
  rowErrors,
  filters,
  categories,
}: {
  row: AdvancedRow;
  index: number;
  count: number;
  rowErrors: RowError[];
  filters: Data["filters"];
  categories: string[];
}) {
  const { shows, setOperator } = useOperator(row.operator);
  const fieldErrors = (field: RowError["field"]) =>
    rowErrors.filter((error) => error.row === index && error.field === field);
  const describedBy = (field: RowError["field"]) =>
    fieldErrors(field).length ? `${fieldId(index, field)}-error` : undefined;
  const inline = (field: RowError["field"]) =>
    fieldErrors(field).length ? (
      <small id={`${fieldId(index, field)}-error`} className="field-error">
        <span className="visually-hidden">Error: </span>
        {fieldErrors(field)
          .map((error) => error.inline)
          .join(". ")}
      </small>
    ) : null;
  const filter = filters.find((f) => f.id === row.filterId);
  return (
    <fieldset className="advanced-row">
      <legend>Row {index + 1}</legend>
      {index === 0 ? (
        <input type="hidden" name="join" value="and" />
      ) : (
        <div className="field">
          <label htmlFor={fieldId(index, "join")}>Join with the rows before</label>
          <select
            id={fieldId(index, "join")}
            name="join"
            defaultValue={row.join}
            aria-invalid={fieldErrors("join").length ? true : undefined}
            aria-describedby={describedBy("join")}
          >
            <option value="and">AND</option>
            <option value="or">OR</option>
          </select>
          {inline("join")}
        </div>
      )}
      <div className="grid">
        <div className="field">
          <label htmlFor={fieldId(index, "field")}>Field</label>
          <select
            id={fieldId(index, "field")}
            name="field"
            defaultValue={row.filterId}
            aria-invalid={fieldErrors("field").length ? true : undefined}
            aria-describedby={describedBy("field")}
          >
            <option value="">Choose a field</option>
            {categories.map((category) => (
              <optgroup key={category} label={category}>
                {filters
                  .filter((f) => f.recordCategory === category)
                  .map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          {inline("field")}
        </div>
        <div className="field">
          <label htmlFor={fieldId(index, "op")}>Operator</label>
          <select
            id={fieldId(index, "op")}
            name="op"
            defaultValue={row.operator}
            onChange={(event) => setOperator(event.currentTarget.value as AdvancedRow["operator"])}
            aria-invalid={fieldErrors("op").length ? true : undefined}
            aria-describedby={describedBy("op")}
          >
            {OPERATORS.map((operator) => (
              <option key={operator} value={operator}>
                {OPERATOR_LABELS[operator]}
              </option>
            ))}
          </select>
          {inline("op")}
        </div>
      </div>
      <div className="grid">
        <div className="field" hidden={!shows("value") && !fieldErrors("value").length}>
          <label htmlFor={fieldId(index, "value")}>Value (for contains, is, is not)</label>
          <SuggestInput
            id={fieldId(index, "value")}
            name="value"
            defaultValue={row.fieldValue}
            filterId={filter?.type === "AutoComplete" ? filter.id : undefined}
            invalid={fieldErrors("value").length > 0}
            describedBy={describedBy("value")}
          />
          {inline("value")}
          {filter?.type === "AutoComplete" ? (
            <small className="browse-values">
              <Link to={`/search/facet/${filter.id}?adv=1&from=advanced`}>
                Browse {filter.label.toLowerCase()} values
              </Link>
            </small>
          ) : null}
        </div>
        <div className="field" hidden={!shows("dates") && !fieldErrors("dateFrom").length}>
          <label htmlFor={fieldId(index, "dateFrom")}>From date (for between dates)</label>
          <input
            type="date"
            id={fieldId(index, "dateFrom")}
            name="dateFrom"
            defaultValue={row.dateFrom}
            aria-invalid={fieldErrors("dateFrom").length ? true : undefined}
            aria-describedby={describedBy("dateFrom")}
          />
          {inline("dateFrom")}
        </div>
        <div className="field" hidden={!shows("dates") && !fieldErrors("dateTo").length}>
          <label htmlFor={fieldId(index, "dateTo")}>To date (for between dates)</label>
          <input
            type="date"
            id={fieldId(index, "dateTo")}
            name="dateTo"
            defaultValue={row.dateTo}
            aria-invalid={fieldErrors("dateTo").length ? true : undefined}
            aria-describedby={describedBy("dateTo")}
          />
          {inline("dateTo")}
        </div>
      </div>
      {count > 1 ? (
        <button
          type="submit"
          name="removeRow"
          value={index}
          className="secondary outline"
          formNoValidate
        >
          Remove row {index + 1}
        </button>
      ) : null}
    </fieldset>
  );
}
