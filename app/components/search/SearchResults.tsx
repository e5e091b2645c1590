import { StatusTag } from "~/components/StatusTag";
import { TableScroll } from "~/components/TableScroll";
import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { formatDate } from "~/lib/dates";
import { type SearchRequest, searchHref } from "~/search/request";
import type { SearchHit } from "~/search/results";
import { SelectBox, type Selection } from "./Selection";

export type Hit = SearchHit;

export type ResultsView = "cardView" | "tableView";

// The markers ts_headline puts around matched words (MARK_START / MARK_END in the model).
const MARKED = /\uE000(.*?)\uE001/g;

/** Text with its matched words in <mark> (React escapes the rest). */
export function Highlighted({ text }: { text: string }) {
  // Each part is keyed by where it starts in the text (no two parts start at the same place).
  const parts: Array<{ at: number; text: string; marked: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(MARKED)) {
    const start = match.index ?? last;
    if (start > last) parts.push({ at: last, text: text.slice(last, start), marked: false });
    parts.push({ at: start, text: match[1], marked: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ at: last, text: text.slice(last), marked: false });
  return (
    <>
      {parts.map((part) =>
        part.marked ? (
          <mark key={part.at}>{part.text}</mark>
        ) : (
          <Fragment key={part.at}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

export function resultCountText(total: number) {
  return `${total.toLocaleString("en-GB")} ${total === 1 ? "result" : "results"}`;
}

export function SearchResults({
  hits,
  total,
  request,
  view,
  basePath,
  selection,
  charts = false,
}: {
  hits: Hit[];
  total: number;
  request: SearchRequest;
  view: ResultsView;
  basePath: string;
  selection: Selection;
  /** The charts above are open: the pages keep them so. */
  charts?: boolean;
}) {
  const selected = new Set(selection.selectedHssIds);
  const page = Math.floor(request.from / request.size) + 1;
  const pages = Math.max(1, Math.ceil(Math.min(total, 10_000) / request.size));
  return (
    <>
      {view === "tableView" ? (
        // Narrower than 56rem (a phone, a tablet) a block a result (the title, then each fact
        // under its column's name): as a table it showed the Select box and the title, the
        // other columns off-screen. Wider, the filters fold above it and the eight columns fit.
        <TableScroll
          className="results-table"
          stacked="tablet"
          caption={
            <>
              Search results, page {page} of {pages}
            </>
          }
        >
          <thead>
            <tr>
              {/* The column of boxes is as narrow as a box: its name is for screen readers. */}
              <th scope="col" className="select-column">
                <span className="visually-hidden">Select</span>
              </th>
              <th scope="col">Title</th>
              <th scope="col">Substance</th>
              <th scope="col">Company</th>
              <th scope="col">EU status</th>
              <th scope="col">FDA status</th>
              <th scope="col">Record status</th>
              <th scope="col">Last updated</th>
            </tr>
          </thead>
          <tbody>
            {hits.map((hit) => (
              <tr key={hit.hssId}>
                {/* Stacked, the box sits beside the title, as in the imaging list (app/styles/components/results.css). */}
                <td className="select">
                  <SelectBox
                    value={hit.hssId}
                    label={hit.title}
                    selected={selected.has(hit.hssId)}
                    all={selection.all}
                  />
                </td>
                <th scope="row">
                  <Link to={`/record/${hit.hssId}`}>
                    <Highlighted text={hit.titleHighlight} />
                  </Link>
                </th>
                <td data-label="Substance">{hit.substanceName}</td>
                <td data-label="Company">{hit.companies.slice(0, 2).join("; ")}</td>
                <td data-label="EU status">
                  <StatusTag kind="eu" value={hit.euStatus} />
                </td>
                <td data-label="FDA status">
                  <StatusTag kind="fda" value={hit.fdaStatus} />
                </td>
                <td data-label="Record status">
                  <StatusTag kind="record" value={hit.recordStatus} />
                </td>
                <td data-label="Last updated">
                  <time dateTime={hit.lastUpdated}>{formatDate(hit.lastUpdated)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      ) : (
        <ol className="result-cards" start={request.from + 1}>
          {hits.map((hit) => (
            <li key={hit.hssId}>
              <article className="result-card">
                <SelectBox
                  value={hit.hssId}
                  label={hit.title}
                  selected={selected.has(hit.hssId)}
                  all={selection.all}
                />
                <h2>
                  <Link to={`/record/${hit.hssId}`}>
                    <Highlighted text={hit.titleHighlight} />
                  </Link>
                </h2>
                <dl className="facts">
                  <div>
                    <dt>Substance</dt>
                    <dd>{hit.substanceName}</dd>
                  </div>
                  <div>
                    <dt>Company</dt>
                    <dd>{hit.companies.slice(0, 2).join("; ")}</dd>
                  </div>
                  <div>
                    <dt>EU status</dt>
                    <dd>
                      <StatusTag kind="eu" value={hit.euStatus} />
                    </dd>
                  </div>
                  <div>
                    <dt>FDA status</dt>
                    <dd>
                      <StatusTag kind="fda" value={hit.fdaStatus} />
                    </dd>
                  </div>
                  <div>
                    <dt>Record status</dt>
                    <dd>
                      <StatusTag kind="record" value={hit.recordStatus} />
                    </dd>
                  </div>
                  <div>
                    <dt>Last updated</dt>
                    <dd>
                      <time dateTime={hit.lastUpdated}>{formatDate(hit.lastUpdated)}</time>
                    </dd>
                  </div>
                </dl>
                {hit.snippet ? (
                  <p className="snippet">
                    <Highlighted text={hit.snippet} />
                  </p>
                ) : hit.summaryOpening ? (
                  <p className="snippet">{hit.summaryOpening}</p>
                ) : null}
                <p className="muted">{hit.hssId}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        pages={pages}
        href={(target) => searchHref(request, { page: target, path: basePath, charts })}
        label="Search results pages"
      />
    </>
  );
}

/**
 * GOV.UK pagination: none for one page; Previous and Next in words at the ends; a few numbers
 * around the current one. Every item is a target of at least 44px (WCAG 2.5.8 asks 24), drawn
 * alike; the current page is marked (aria-current, bold, filled), and Previous on the first page
 * (Next on the last) stays in its place as plain, muted text, so the row does not jump. On a
 * phone Previous and Next are their arrows (their words still name the links), so the row fits.
 */
export function Pagination({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  const numbers = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const previous = (
    <>
      <span aria-hidden="true">‹</span>
      <span className="pager-word">
        Previous<span className="visually-hidden"> page</span>
      </span>
    </>
  );
  const next = (
    <>
      <span className="pager-word">
        Next<span className="visually-hidden"> page</span>
      </span>
      <span aria-hidden="true">›</span>
    </>
  );
  return (
    <nav aria-label={label} className="pager">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="pager-step">
          {previous}
        </Link>
      ) : (
        // Not a way anywhere: shown to keep the row still, hidden from screen readers.
        <span className="pager-step pager-off" aria-hidden="true">
          {previous}
        </span>
      )}
      <ul>
        {numbers.map((n, index) => (
          <Fragment key={n}>
            {index > 0 && n - numbers[index - 1] > 1 ? (
              <li aria-hidden="true" className="pager-gap">
                …
              </li>
            ) : null}
            <li>
              {n === page ? (
                <span aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={href(n)}>
                  <span className="visually-hidden">Page </span>
                  {n}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ul>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="pager-step">
          {next}
        </Link>
      ) : (
        <span className="pager-step pager-off" aria-hidden="true">
          {next}
        </span>
      )}
    </nav>
  );
}
