import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { TableScroll } from "~/components/TableScroll";
import { requireRole } from "~/lib/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { CONTENT_STAFF } from "~/lib/roles";
import { GLOSSARY_LIMIT, listGlossary } from "~/models/glossary.server";
import { sectionLabel } from "~/records/sections";

export const handle: RouteHandle = { title: "Manage glossary" };

const PATH = "/dashboard/manageglossary";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, CONTENT_STAFF);
  const entries = await listGlossary();
  return json({
    entries: entries.map((entry) => ({
      id: entry.id,
      section: sectionLabel(entry.recordSection),
      fieldName: entry.fieldName,
    })),
    full: entries.length >= GLOSSARY_LIMIT,
    limit: GLOSSARY_LIMIT,
  });
}

export default function ManageGlossary() {
  const { entries, full, limit } = useLoaderData<typeof loader>();
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
      <p role="status">
        {entries.length === 1 ? "1 entry" : `${entries.length} entries`}
        {entries.length ? ", by record section" : ""}
      </p>
      {entries.length === 0 ? (
        <p>The glossary has no entries yet.</p>
      ) : (
        <TableScroll
          caption="Glossary entries, by record section"
          captionHidden
          className="glossary-table"
        >
          <thead>
            <tr>
              <th scope="col">Field name</th>
              <th scope="col">Record section</th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <th scope="row">
                  <Link to={`${PATH}/${entry.id}`}>
                    {entry.fieldName}
                    <span className="visually-hidden"> ({entry.section}): edit</span>
                  </Link>
                </th>
                <td>{entry.section}</td>
                <td>
                  <Link to={`${PATH}/${entry.id}/delete`}>
                    Delete
                    <span className="visually-hidden">
                      {" "}
                      {entry.fieldName} ({entry.section})
                    </span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
    </>
  );
}
