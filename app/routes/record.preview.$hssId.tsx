import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ConfirmAction } from "~/components/ConfirmAction";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { RecordPage } from "~/components/record/RecordPage";
import { requirePermission } from "~/auth/auth.server";
import { formatDateTime, isoDate } from "~/lib/dates";
import { recordOr404 } from "~/pages/record-route.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle<{ view: { document: { title: string } } }> = {
  title: (data) => (data ? `Preview: ${data.view.document.title}` : "Record preview"),
};

// Staged versions are unpublished work: only the staff who import records see them
// (docs/decisions/005-record-model.md).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const view = await recordOr404(params.hssId, { preview: true });
  return { view, today: isoDate(new Date()) };
}

export default function RecordPreviewRoute() {
  const { view, today } = useLoaderData<typeof loader>();
  const staged = view.state === "staged";
  const pending = view.changeLog.filter((entry) => entry.state === "staged").length;
  return (
    <>
      <DashboardBreadcrumb
        items={[
          { label: "Manage records", to: "/dashboard/records" },
          { label: `Preview: ${view.document.title}` },
        ]}
      />
      <RecordPage
        view={view}
        recordPath={(hssId) => `/record/preview/${hssId}`}
        today={today}
        notice={
          <div className="notice" role="note">
            {staged ? (
              <p>
                <strong>Staged version {view.version}</strong> ({formatDateTime(view.versionAt)}),
                not yet published:{" "}
                {view.firstPublishedAt
                  ? `${pending} pending change-log entr${pending === 1 ? "y" : "ies"}.`
                  : "a new record."}
              </p>
            ) : (
              <p>No staged changes: this is the published version.</p>
            )}
          </div>
        }
        actions={
          staged ? (
            <Form method="post" action="/dashboard/records" className="inline-actions">
              <input type="hidden" name="hssId" value={view.hssId} />
              <button type="submit" name="intent" value="publish">
                Publish this version
              </button>
              <ConfirmAction
                summary="Discard this version"
                question="The staged version is removed; the published record stays as it is."
                value="discard"
                confirm="Yes, discard this version"
              />
            </Form>
          ) : null
        }
      />
    </>
  );
}
