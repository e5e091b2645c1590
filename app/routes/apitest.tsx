import { StatusTag } from "~/components/StatusTag";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { formatDateTime } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { getServiceStatus, type ServiceStatus } from "~/models/health.server";

export const handle: RouteHandle = { title: "Service status" };

// Public page: no access check; the same figures as /api/health.
export async function loader() {
  const status = await getServiceStatus();
  return json(status, {
    status: status.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

const ENGINE_NAMES = {
  pglite: "Embedded PostgreSQL (PGlite)",
  postgresql: "PostgreSQL server",
  unknown: "Unknown",
};

function statusSentence(status: ServiceStatus) {
  if (status.ready) return "The service is working.";
  if (!status.database.answers) return "The service is not working: the database did not answer.";
  if (status.migrations && status.migrations.applied < status.migrations.expected) {
    return "The service is not ready: the database is missing migrations.";
  }
  return "The service is starting: the search index is being built.";
}

export default function ApiTest() {
  const status = useLoaderData<typeof loader>();
  const ok = status.ready;
  return (
    <>
      <Breadcrumb
        items={[{ label: "API documentation", to: "/api/docs" }, { label: "Service status" }]}
      />
      <h1>Service status</h1>
      {/* The status as every status is drawn (StatusTag), then the sentence that explains it. */}
      <p>
        <StatusTag
          kind="severity"
          value={ok ? "success" : "error"}
          word={ok ? "Working" : "Not working"}
        />{" "}
        {statusSentence(status)}
      </p>
      <table className="status-table">
        <caption>Checked {formatDateTime(status.checkedAt)}</caption>
        <tbody>
          <tr>
            <th scope="row">Application version</th>
            <td>{status.version}</td>
          </tr>
          <tr>
            <th scope="row">Database engine</th>
            <td>{ENGINE_NAMES[status.database.engine]}</td>
          </tr>
          <tr>
            <th scope="row">Database answers</th>
            <td>
              {ok ? "Yes" : "No"}
              {status.database.latencyMs !== null ? ` (${status.database.latencyMs} ms)` : ""}
            </td>
          </tr>
          <tr>
            <th scope="row">Database migrations</th>
            <td>
              {status.migrations
                ? `${status.migrations.applied} of ${status.migrations.expected} applied`
                : "Unknown"}
            </td>
          </tr>
          <tr>
            <th scope="row">Search index</th>
            <td>{status.searchIndex.built ? "Built" : "Being built"}</td>
          </tr>
          <tr>
            <th scope="row">Records</th>
            <td>{status.records === null ? "Unknown" : status.records.toLocaleString("en-GB")}</td>
          </tr>
        </tbody>
      </table>
      <p>
        The same as JSON:{" "}
        <Link to="/api/health" reloadDocument>
          /api/health
        </Link>
      </p>
      <h2>The JSON API</h2>
      <p>
        Every call of the website is also a JSON call under <code>/api</code>:{" "}
        <Link to="/api/docs">the API documentation</Link> lists them with examples, and{" "}
        <a href="/api/openapi.json">/api/openapi.json</a> describes them as OpenAPI 3.1.
      </p>
    </>
  );
}
