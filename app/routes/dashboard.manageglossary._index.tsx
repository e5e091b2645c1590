import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { requirePermission } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { GLOSSARY_LIMIT, listGlossary } from "~/models/glossary.server";
import { sectionLabel } from "~/records/sections";

export const handle: RouteHandle = { title: "Manage glossary" };

const PATH = "/dashboard/manageglossary";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const entries = await listGlossary();
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      section: sectionLabel(entry.recordSection),
      fieldName: entry.fieldName,
    })),
    full: entries.length >= GLOSSARY_LIMIT,
    limit: GLOSSARY_LIMIT,
  };
}

/** The entries by record section, in the glossary page's order (listGlossary sorts them so). */
function bySection<T extends { section: string }>(entries: T[]) {
  const sections: Array<{ section: string; entries: T[] }> = [];
  for (const entry of entries) {
    const last = sections.at(-1);
    if (last?.section === entry.section) last.entries.push(entry);
    else sections.push({ section: entry.section, entries: [entry] });
  }
  return sections;
}

export default function ManageGlossary() {
  const { entries, full, limit } = useLoaderData<typeof loader>();
  const sections = bySection(entries);
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Manage glossary" }]} />
      <h1>Manage glossary</h1>
      <p className="page-actions">
        {full ? (
          <span>
            The glossary holds {limit} entries, the most it can: delete one to add another.
          </span>
        ) : (
          <Link to={`${PATH}/new`} className="button-link">
            Add an entry
          </Link>
        )}
        <Link to="/glossary">View the glossary page</Link>
      </p>
      {entries.length === 0 ? (
        <p>The glossary has no entries yet.</p>
      ) : (
        <>
          <p>
            {entries.length === 1 ? "1 entry" : `${entries.length} entries`} in{" "}
            {sections.length === 1 ? "1 record section" : `${sections.length} record sections`}, in
            the glossary page's order. Choose a field name to edit its entry.
          </p>
          <nav aria-label="Record sections" className="in-page">
            <ul>
              {sections.map((each, index) => (
                <li key={each.section}>
                  <a href={`#section-${index + 1}`}>{each.section}</a>
                </li>
              ))}
            </ul>
          </nav>
          {sections.map((each, index) => (
            <section
              key={each.section}
              aria-labelledby={`section-${index + 1}`}
              className="manage-group"
            >
              <h2 id={`section-${index + 1}`}>
                {each.section}{" "}
                <span className="muted">
                  ({each.entries.length === 1 ? "1 entry" : `${each.entries.length} entries`})
                </span>
              </h2>
              <ul className="manage-list">
                {each.entries.map((entry) => (
                  <li key={entry.id}>
                    <Link to={`${PATH}/${entry.id}`}>
                      {entry.fieldName}
                      <span className="visually-hidden"> ({entry.section}): edit</span>
                    </Link>
                    <Link to={`${PATH}/${entry.id}/delete`}>
                      Delete
                      <span className="visually-hidden">
                        {" "}
                        {entry.fieldName} ({entry.section})
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </>
  );
}
