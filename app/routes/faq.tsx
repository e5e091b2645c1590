import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { can } from "~/lib/roles";
import { matchMessage } from "~/lib/faq-text";
import { faqPage } from "~/models/faqs.server";

type LoaderData = { q: string; matches: number };

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.q ? `FAQs: ${matchMessage(data.matches, data.q)}` : "Frequently asked questions",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = await faqPage(q);
  return { q, ...page, canManage: can(user.roles, "manageContent") };
}

/**
 * The FAQ: every question a heading with its own anchor (the export page links to
 * #EXPORTINGDATA), grouped by category, with a contents list and a search that filters on
 * the server (a GET form: works without scripts, and a search can be bookmarked).
 */
export default function FaqPage() {
  const { q, groups, matches, total, canManage } = useLoaderData<typeof loader>();
  return (
    <article className="faq">
      <Breadcrumb items={[{ label: "FAQs" }]} />
      <h1>Frequently asked questions</h1>
      {canManage ? (
        <p className="page-actions">
          <Link to="/dashboard/managefaqs">Manage FAQs</Link>
        </p>
      ) : null}
      {/* Label above its field and the button on the field's line, as the glossary's filter
          (not Pico's role=search pill, which glues the label's field to the button). */}
      <Form method="get" className="faq-search" aria-label="FAQ search">
        <div className="filter-row">
          <label htmlFor="faq-q">
            Search the FAQs
            <input id="faq-q" name="q" type="search" defaultValue={q} autoComplete="off" />
          </label>
          <button type="submit">Search</button>
        </div>
      </Form>
      {q ? (
        <p role="status" className="match-count">
          {matchMessage(matches, q)}. <Link to="/faq">Show all {total} questions</Link>
        </p>
      ) : null}
      {groups.length === 0 && !q ? <p>There are no questions yet.</p> : null}
      {groups.length > 0 ? (
        <nav aria-labelledby="faq-contents-title" className="in-page-contents">
          <h2 id="faq-contents-title">Contents</h2>
          <ul>
            {groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`}>{group.category}</a>
                <ul>
                  {group.questions.map((faq) => (
                    <li key={faq.id}>
                      <a href={`#${faq.anchor}`}>{faq.question}</a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={group.id} className="faq-category">
          <h2 id={group.id}>{group.category}</h2>
          {group.questions.map((faq) => (
            <div key={faq.id} className="faq-entry">
              <h3 id={faq.anchor} tabIndex={-1}>
                {faq.question}
              </h3>
              <div
                className="rich-text"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown on the server by renderMarkdown (raw HTML escaped, links allow-listed).
                dangerouslySetInnerHTML={{ __html: faq.answerHtml }}
              />
            </div>
          ))}
        </section>
      ))}
    </article>
  );
}
