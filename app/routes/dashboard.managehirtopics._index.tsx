import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StatusTag } from "~/components/StatusTag";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { TableScroll } from "~/components/TableScroll";
import { requirePermission } from "~/auth/auth.server";
import { badRequest, readForm } from "~/lib/body.server";
import { formatDate } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { listTopicsForStaff } from "~/models/hirs.server";
import { restoreTopic, topicRestoreForm } from "~/pages/manage-hir-topics.server";

type LoaderData = { show: "current" | "deleted" };

export const handle: RouteHandle<LoaderData> = {
  title: (data) => (data?.show === "deleted" ? "Deleted HIR topics" : "Manage HIR topics"),
};

const PATH = "/dashboard/managehirtopics";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const show = new URL(request.url).searchParams.get("show") === "deleted" ? "deleted" : "current";
  return { show, topics: await listTopicsForStaff(show) };
}

/** Restore: a deleted topic comes back as it was (archived or not). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const form = await readForm(request);
  const parsed = topicRestoreForm.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) throw badRequest("Choose a topic to restore.");
  const { id } = parsed.data;
  return redirectWithFlash(request, `${PATH}#topic-row-${id}`, await restoreTopic(id, user.id));
}

export default function ManageTopics() {
  const { show, topics } = useLoaderData<typeof loader>();
  const deleted = show === "deleted";
  const title = deleted ? "Deleted HIR topics" : "Manage HIR topics";
  return (
    <>
      <DashboardBreadcrumb
        items={[
          ...(deleted
            ? [{ label: "Manage HIR topics", to: PATH }, { label: "Deleted" }]
            : [{ label: "Manage HIR topics" }]),
        ]}
      />
      <h1>{title}</h1>
      <p className="page-actions">
        {deleted ? (
          <Link to={PATH}>Back to the current topics</Link>
        ) : (
          <>
            <Link to={`${PATH}/new`} className="button-link">
              Add a topic
            </Link>
            <Link to="/upcoming-hir">View the upcoming HIRs page</Link>
            <Link to={`${PATH}?show=deleted`}>Deleted topics</Link>
          </>
        )}
      </p>
      <p role="status">
        {topics.length === 1 ? "1 topic" : `${topics.length} topics`}, by title A–Z
      </p>
      {topics.length === 0 ? (
        <p>{deleted ? "No topics have been deleted." : "No upcoming topics yet."}</p>
      ) : (
        <TableScroll caption={`${title}, by title`} captionHidden stacked="tablet">
          <thead>
            <tr>
              <th scope="col">Title of the topic</th>
              <th scope="col">Record</th>
              <th scope="col">Expected publication</th>
              <th scope="col">State</th>
              <th scope="col">{deleted ? "Restore" : "Delete"}</th>
            </tr>
          </thead>
          <tbody>
            {topics.map((topic) => (
              <tr key={topic.id} id={`topic-row-${topic.id}`}>
                <th scope="row">
                  {deleted ? (
                    topic.titleOfTopic
                  ) : (
                    <Link to={`${PATH}/${topic.id}`}>
                      {topic.titleOfTopic}
                      <span className="visually-hidden">: edit</span>
                    </Link>
                  )}
                </th>
                <td className="nowrap" data-label="Record">
                  <Link to={`/record/${encodeURIComponent(topic.hssId)}`}>{topic.hssId}</Link>
                  {topic.recordName ? null : " (not published)"}
                </td>
                <td data-label="Expected publication">
                  {topic.publicationDate ? (
                    <time dateTime={topic.publicationDate}>
                      {formatDate(topic.publicationDate)}
                    </time>
                  ) : (
                    "Not yet set"
                  )}
                </td>
                <td data-label="State" className="nowrap">
                  <StatusTag kind="topic" value={topic.archived ? "Archived" : "Shown"} />
                </td>
                <td>
                  {deleted ? (
                    <Form method="post" className="inline-actions">
                      <input type="hidden" name="id" value={topic.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="restore"
                        className="secondary outline"
                      >
                        Restore<span className="visually-hidden"> {topic.titleOfTopic}</span>
                      </button>
                    </Form>
                  ) : (
                    <Link to={`${PATH}/${topic.id}/delete`}>
                      Delete<span className="visually-hidden"> {topic.titleOfTopic}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
    </>
  );
}
