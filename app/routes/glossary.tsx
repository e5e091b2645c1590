import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { can } from "~/lib/roles";
import { glossaryPage } from "~/models/glossary.server";
import { PRINT_SECTIONS, sectionLabel } from "~/records/sections";

type LoaderData = { filtered: boolean; matches: number };

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.filtered ? `Glossary: ${entriesMessage(data.matches)} match the filter` : "Glossary",
};

const entriesMessage = (count: number) => (count === 1 ? "1 entry" : `${count} entries`);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const asked = params.get("section") ?? "";
  const section = PRINT_SECTIONS.some((s) => s.value === asked) ? asked : "";
  const page = await glossaryPage({ q, section });
  return {
    q,
    section,
    filtered: Boolean(q || section),
    ...page,
    canManage: can(user.roles, "manageContent"),
  };
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
const letterOf = (name: string) => {
  const first = name.trim().charAt(0).toUpperCase();
  return LETTERS.includes(first) ? first : "#";
};

/**
 * The glossary: what each field of a record means and where its data comes from, by record
 * section in the record page's order, with an A–Z index of field names and a GET filter by
 * text and by section. Each entry's id is what the record page's labels link to.
 */
export default function GlossaryPage() {
  const { q, section, filtered, sections, matches, total, canManage } =
    useLoaderData<typeof loader>();
  const entries = sections.flatMap((each) => each.entries);
  const index = new Map<string, typeof entries>();
  for (const entry of [...entries].sort((a, b) =>
    a.fieldName.localeCompare(b.fieldName, "en-GB", { sensitivity: "base" }),
  )) {
    const letter = letterOf(entry.fieldName);
    index.set(letter, [...(index.get(letter) ?? []), entry]);
  }
  const letters = [...LETTERS, ...(index.has("#") ? ["#"] : [])];
  const letterId = (letter: string) => `az-${letter === "#" ? "other" : letter}`;
  // A field name shown in more than one section is told apart by its section in the index.
  const shared = new Set(
    entries
      .map((entry) => entry.fieldName.toLowerCase())
      .filter((name, i, all) => all.indexOf(name) !== i),
  );
  return (
    <article className="glossary">
      <Breadcrumb items={[{ label: "Glossary" }]} />
      <h1>Glossary</h1>
      <p>
        What each field of a record means, and where its data comes from. The labels on a record
        page link here.
      </p>
      {canManage ? (
        <p className="page-actions">
          <Link to="/dashboard/manageglossary">Manage glossary</Link>
        </p>
      ) : null}
      <Form method="get" className="glossary-filter" aria-label="Filter the glossary">
        <div className="filter-row">
          <label htmlFor="glossary-q">
            Term or words
            <input id="glossary-q" name="q" type="search" defaultValue={q} autoComplete="off" />
          </label>
          <label htmlFor="glossary-section">
            Record section
            <select id="glossary-section" name="section" defaultValue={section}>
              <option value="">All sections</option>
              {PRINT_SECTIONS.map((each) => (
                <option key={each.value} value={each.value}>
                  {each.parent ? `${sectionLabel(each.parent)}: ${each.label}` : each.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Filter</button>
        </div>
      </Form>
      {filtered ? (
        <p role="status" className="match-count">
          {matches === 0
            ? "No entries match the filter"
            : `${entriesMessage(matches)} ${matches === 1 ? "matches" : "match"} the filter`}
          {q ? ` (text '${q}'` : " ("}
          {section ? `${q ? ", " : ""}section ${sectionLabel(section)})` : ")"}.{" "}
          <Link to="/glossary">Show all {total} entries</Link>
        </p>
      ) : null}
      {total === 0 ? <p>The glossary has no entries yet.</p> : null}

      {entries.length > 0 ? (
        <section aria-labelledby="az-title" className="glossary-index">
          <h2 id="az-title">A to Z</h2>
          <nav aria-label="Letters" className="az-letters">
            <ul>
              {letters.map((letter) => (
                <li key={letter}>
                  {index.has(letter) ? (
                    <a href={`#${letterId(letter)}`}>
                      {letter === "#" ? (
                        <>
                          <span aria-hidden="true">#</span>
                          <span className="visually-hidden">Other</span>
                        </>
                      ) : (
                        letter
                      )}
                    </a>
                  ) : (
                    <span className="muted">
                      {letter}
                      <span className="visually-hidden"> (no entries)</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          {/* On a phone the list of every term is a closed disclosure (it took ~2,900px before
              the first definition); the letters above still lead into it. Wider it always
              shows and the summary is not drawn (app/styles/components/faq-glossary.css). */}
          <details className="az-disclosure">
            <summary>All terms, A to Z</summary>
            <dl className="az-list">
              {[...index.entries()].map(([letter, items]) => (
                <div key={letter}>
                  <dt id={letterId(letter)}>{letter === "#" ? "Other" : letter}</dt>
                  <dd>
                    <ul>
                      {items.map((entry) => (
                        <li key={entry.id}>
                          <a href={`#${entry.anchor}`}>{entry.fieldName}</a>
                          {shared.has(entry.fieldName.toLowerCase()) ? (
                            <span className="muted"> ({sectionLabel(entry.recordSection)})</span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        </section>
      ) : null}

      {sections.map((each) => (
        <section
          key={each.value}
          aria-labelledby={`glossary-section-${each.value}`}
          className="glossary-section"
        >
          <h2 id={`glossary-section-${each.value}`}>{each.label}</h2>
          {each.entries.map((entry) => (
            <div key={entry.id} className="glossary-entry">
              <h3 id={entry.anchor} tabIndex={-1}>
                {entry.fieldName}
              </h3>
              <dl className="glossary-facts">
                <dt>What it means</dt>
                <dd
                  className="rich-text"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown on the server by renderMarkdown (raw HTML escaped, links allow-listed).
                  dangerouslySetInnerHTML={{ __html: entry.descriptionHtml }}
                />
                <dt>Where the data comes from</dt>
                <dd
                  className="rich-text"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown on the server by renderMarkdown (raw HTML escaped, links allow-listed).
                  dangerouslySetInnerHTML={{ __html: entry.sourceHtml }}
                />
              </dl>
            </div>
          ))}
          {entries.length > 0 ? (
            <p className="back-to-index">
              <a href="#az-title">Back to A to Z</a>
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}
