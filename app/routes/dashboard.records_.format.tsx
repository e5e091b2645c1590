import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { requirePermission } from "~/auth/auth.server";
import { fieldPathPieces } from "~/lib/field-path";
import { EXAMPLE_PATH, importFormat } from "~/records/import-format.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle<{ title: string }> = {
  title: (data) => data?.title ?? "Import format",
};

const CONTROLLED_ID = "controlled-values";

/** The import format (docs/import-format.md), for the staff who import records. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return { ...importFormat, examplePath: EXAMPLE_PATH };
}

export default function ImportFormat() {
  const { title, html, contents, controlled, examplePath } = useLoaderData<typeof loader>();
  return (
    <div className="import-format">
      <DashboardBreadcrumb
        items={[{ label: "Manage records", to: "/dashboard/records" }, { label: title }]}
      />
      <h1>{title}</h1>
      <p>
        <a href={examplePath} download>
          Download the example file
        </a>{" "}
        (two complete records, JSON), then import your own on{" "}
        <Link to="/dashboard/records">Manage records</Link>.
      </p>
      <nav aria-label="Contents" className="import-format-contents">
        <ul>
          {[...contents, { id: CONTROLLED_ID, text: "Controlled values" }].map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`}>{item.text}</a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Rendered on the server from the repository's docs/import-format.md (raw HTML not passed through). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own document, rendered once at start-up without raw HTML. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <section aria-labelledby={CONTROLLED_ID} className="controlled-values-section">
        <h2 id={CONTROLLED_ID}>Controlled values</h2>
        <p>
          These fields take only the values listed (exactly as written); any other value is an
          error. “[]” stands for any item of a list.
        </p>
        {/* A list of terms (each field and its values), not a table: on a phone a field's
            values go under its name instead of off the screen. */}
        <dl className="controlled-values">
          {controlled.map((row) => (
            <div key={row.field}>
              <dt>
                {/* A long path wraps after a dot or "[]", never mid-name. */}
                <code className="field-path">
                  {fieldPathPieces(row.field).map((piece, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a path's pieces never reorder.
                    <Fragment key={index}>
                      {index > 0 ? <wbr /> : null}
                      {piece}
                    </Fragment>
                  ))}
                </code>
              </dt>
              <dd>
                <ul className="import-format-values">
                  {row.values.map((value) => (
                    <li key={value}>{value}</li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
