import { Form, Link } from "@remix-run/react";

/**
 * The signed-in opening search, the same on the home page and /members: the label (how many
 * records there are to search) and a hint of what to type above one box joined to its button, and the ways to search
 * further under it.
 */
export function HeroSearch({ id, total }: { id: string; total: number }) {
  return (
    <>
      <label htmlFor={id}>Search {total.toLocaleString("en-GB")} records</label>
      {/* A hint, not a placeholder: a placeholder goes when the user types and was cut to
          "Substance, compa" beside the button on a phone. */}
      <small id={`${id}-hint`} className="hint">
        By drug or device, company, indication or code
      </small>
      <Form method="get" action="/search" role="search">
        <input type="search" id={id} name="q" aria-describedby={`${id}-hint`} />
        <button type="submit">Search</button>
      </Form>
      <p className="search-links">
        <Link to="/advancedsearch">Advanced search</Link> ·{" "}
        <Link to="/searchtips">Search tips</Link>
      </p>
    </>
  );
}
