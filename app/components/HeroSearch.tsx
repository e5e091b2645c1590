import { Form, Link } from "@remix-run/react";

/**
 * The signed-in opening search, the same on the home page and /members: the label (how many
 * records there are to search) above one box joined to its button, and the ways to search
 * further under it.
 */
export function HeroSearch({ id, total }: { id: string; total: number }) {
  return (
    <>
      <label htmlFor={id}>Search {total.toLocaleString("en-GB")} records</label>
      <Form method="get" action="/search" role="search">
        <input
          type="search"
          id={id}
          name="q"
          placeholder="Substance, company, indication or code"
        />
        <button type="submit">Search</button>
      </Form>
      <p className="search-links">
        <Link to="/advancedsearch">Advanced search</Link> ·{" "}
        <Link to="/searchtips">Search tips</Link>
      </p>
    </>
  );
}
