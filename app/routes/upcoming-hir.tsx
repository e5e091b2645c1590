import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { TableScroll } from "~/components/TableScroll";
import { requireUser } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { can } from "~/lib/roles";
import { upcomingTopics } from "~/models/hirs.server";

export const handle: RouteHandle = { title: "Upcoming High Impact Reports" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    topics: await upcomingTopics(),
    canManage: can(user.roles, "manageContent"),
  };
}

/** The topics of the reports being written: not archived or deleted, by title A–Z. */
export default function UpcomingHirs() {
  const { topics, canManage } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "High Impact Reports", to: "/hir" }, { label: "Upcoming" }]} />
      <h1>Upcoming High Impact Reports</h1>
      <p>
        The topics our analysts are writing High Impact Reports on next, with the record each is
        about. Published reports are on the <Link to="/hir">High Impact Reports</Link> page.
      </p>
      {canManage ? (
        <p className="page-actions">
          <Link to="/dashboard/managehirtopics">Manage HIR topics</Link>
        </p>
      ) : null}
      <p role="status">
        {topics.length === 1 ? "1 topic" : `${topics.length} topics`}
        {topics.length ? ", by title A–Z" : ""}
      </p>
      {topics.length === 0 ? (
        <p>No reports are planned at the moment.</p>
      ) : (
        <TableScroll
          caption="Upcoming High Impact Reports, by title"
          captionHidden
          className="labels-above"
          stacked="tablet"
        >
          <thead>
            <tr>
              <th scope="col">Topic</th>
              <th scope="col">IHSI categories</th>
              <th scope="col">Expected publication</th>
              <th scope="col">Record</th>
            </tr>
          </thead>
          <tbody>
            {topics.map((topic) => (
              <tr key={topic.id}>
                <th scope="row">{topic.titleOfTopic}</th>
                <td data-label="IHSI categories">{topic.ihsiCategories.join(", ")}</td>
                <td data-label="Expected publication" className="nowrap">
                  {topic.publicationDate ? (
                    <time dateTime={topic.publicationDate}>
                      {formatDate(topic.publicationDate)}
                    </time>
                  ) : (
                    "Not yet set"
                  )}
                </td>
                {/* The record by its ID: its title said the topic's words again beside them. */}
                <td data-label="Record" className="nowrap">
                  <Link to={`/record/${encodeURIComponent(topic.hssId)}`}>
                    {topic.hssId}
                    {topic.recordName ? (
                      <span className="visually-hidden">: {topic.recordName}</span>
                    ) : null}
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
