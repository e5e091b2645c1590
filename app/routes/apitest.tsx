import { StatusTag } from "~/components/StatusTag";
import { type LoaderFunctionArgs, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { getOptionalUser } from "~/auth/auth.server";
import { formatDateTime } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { getServiceStatus, type ServiceStatus } from "~/models/health.server";

export const handle: RouteHandle = { title: "Service status" };

// Public page: anyone sees whether the service works; the figures (the version, the
// database, the record count) only a signed-in user, as on /api/health.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request).catch(() => null);
  const status = await getServiceStatus();
  return data(
    {
      ready: status.ready,
      sentence: statusSentence(status),
      checkedAt: status.checkedAt,
      details: user ? status : null,
    },
    { status: status.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
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
  const { ready, sentence, checkedAt, details } = useLoaderData<typeof loader>();
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
          value={ready ? "success" : "error"}
          word={ready ? "Working" : "Not working"}
        />{" "}
        {sentence}
      </p>
      {details ? (
        <StatusTable status={details} />
      ) : (
        <p>
          Checked {formatDateTime(checkedAt)}.{" "}
          <Link to={`/login?${new URLSearchParams({ redirectTo: "/apitest" })}`}>Log in</Link> to
          see the application version, the database and the number of records.
        </p>
      )}
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

function StatusTable({ status }: { status: ServiceStatus }) {
  return (
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
            {status.ready ? "Yes" : "No"}
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
  );
}
