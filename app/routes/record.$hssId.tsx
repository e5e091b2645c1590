import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { RecordPage } from "~/components/record/RecordPage";
import { requireUser } from "~/auth/auth.server";
import { isoDate } from "~/lib/dates";
import { recordOr404 } from "~/pages/record-route.server";
import type { RouteHandle } from "~/lib/route-handle";
import { can } from "~/lib/roles";
import { glossaryTargets } from "~/models/glossary.server";
import { hirsOfRecord } from "~/models/hirs.server";
import { recordActivity } from "~/models/records.server";

export const handle: RouteHandle<{ view: { document: { title: string } } }> = {
  title: (data) => data?.view.document.title ?? "Record",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = await recordOr404(params.hssId);
  const [glossary, hirs] = await Promise.all([
    glossaryTargets(),
    hirsOfRecord(view.hssId),
    recordActivity(user.id, "view", view.hssId),
  ]);
  return {
    view,
    glossary,
    hirs,
    isStaff: can(user.roles, "manageContent"),
    // The day read: the timeline shows the events after it as expected.
    today: isoDate(new Date()),
  };
}

export default function RecordRoute() {
  const { view, glossary, hirs, isStaff, today } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: view.document.title }]} />
      <RecordPage
        view={view}
        recordPath={(hssId) => `/record/${hssId}`}
        glossary={glossary}
        hirs={hirs}
        today={today}
        actions={
          <>
            <Link to={`/record/${view.hssId}/print`} className="button-link secondary">
              Print
            </Link>
            {isStaff ? (
              <Link to={`/record/preview/${view.hssId}`} className="button-link secondary">
                Preview staged changes
              </Link>
            ) : null}
          </>
        }
      />
    </>
  );
}
