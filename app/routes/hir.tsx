import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { HirDownloadLink } from "~/components/HirDownloadLink";
import { requireUser } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { can } from "~/lib/roles";
import { hirList } from "~/models/hirs.server";

type LoaderData = { q: string; total: number };

const reportsMessage = (count: number) => (count === 1 ? "1 report" : `${count} reports`);
const matchMessage = (count: number, q: string) =>
  count === 0
    ? `No reports match '${q}'`
    : `${reportsMessage(count)} ${count === 1 ? "matches" : "match"} '${q}'`;

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.q ? `High Impact Reports: ${matchMessage(data.total, data.q)}` : "High Impact Reports",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const { hirs, total } = await hirList(q);
  return {
    q,
    total,
    hirs: hirs.map((hir) => ({
      id: hir.id,
      title: hir.title,
      description: hir.description,
      updatedAt: hir.updatedAt,
      byteSize: hir.byteSize,
    })),
    canManage: can(user.roles, "manageContent"),
  };
}

/**
 * The High Impact Reports: the team's own analyses, as PDFs. Newest update first; a search
 * (every word, in the title or the description) lists its matches by title A–Z.
 */
export default function HighImpactReports() {
  const { q, total, hirs, canManage } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "High Impact Reports" }]} />
      <h1>High Impact Reports</h1>
      <p>
        Our analyses of the technologies most likely to change care or budgets, as PDF files. See
        also the <Link to="/upcoming-hir">upcoming High Impact Reports</Link>.
      </p>
      {canManage ? (
        <p className="page-actions">
          <Link to="/dashboard/managehirs">Manage HIRs</Link>
        </p>
      ) : null}
      <Form method="get" className="glossary-filter" aria-label="Search the reports">
        <div className="filter-row">
          <label htmlFor="hir-q">
            Search titles and descriptions
            <input id="hir-q" name="q" type="search" defaultValue={q} autoComplete="off" />
          </label>
          <button type="submit">Search</button>
        </div>
      </Form>
      <p role="status" className="match-count">
        {q ? (
          <>
            {matchMessage(total, q)}, by title A–Z. <Link to="/hir">Show every report</Link>
          </>
        ) : (
          `${reportsMessage(total)}, newest update first`
        )}
      </p>
      {hirs.length > 0 ? (
        <ul className="hir-list">
          {hirs.map((hir) => (
            <li key={hir.id}>
              <article aria-labelledby={`hir-${hir.id}-title`}>
                <h2 id={`hir-${hir.id}-title`}>{hir.title}</h2>
                <p>{hir.description}</p>
                <p className="hir-meta">
                  Updated <time dateTime={hir.updatedAt}>{formatDate(hir.updatedAt)}</time>
                </p>
                <HirDownloadLink hir={hir} />
              </article>
            </li>
          ))}
        </ul>
      ) : !q ? (
        <p>No reports have been published yet.</p>
      ) : null}
    </>
  );
}
