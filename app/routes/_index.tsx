import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { getOptionalUser } from "~/lib/auth.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle<{ firstName: string | null }> = {
  title: (data) => (data?.firstName ? "Home" : "Horizon scanning for health technology"),
};

export async function loader({ request }: LoaderFunctionArgs) {
  // Public page in two forms: signed out and signed in.
  const user = await getOptionalUser(request);
  return json({ firstName: user?.firstName ?? null });
}

export default function Home() {
  const { firstName } = useLoaderData<typeof loader>();
  return firstName ? <MemberHome firstName={firstName} /> : <VisitorHome />;
}

function VisitorHome() {
  return (
    <>
      <section className="hero">
        <h1>Horizon scanning for health technology</h1>
        <p>
          Follow the drugs and technologies on their way to market: indications, companies, EU and
          FDA regulatory events, trials and analysis, curated by clinical reviewers for
          health-system analysts, HTA bodies and pharmacists.
        </p>
        <p>
          <Link to="/login" className="button-link">
            Login
          </Link>{" "}
          <Link to="/contact" className="button-link secondary">
            Sign Up
          </Link>
        </p>
      </section>
      <section aria-labelledby="what-you-get">
        <h2 id="what-you-get">What members get</h2>
        <div className="ways-in">
          <article>
            <h3>Search the pipeline</h3>
            <p>
              Search by phrase and filter by substance, company, codes, regulatory status and dates.
            </p>
          </article>
          <article>
            <h3>Be told what changed</h3>
            <p>Save searches and receive notifications when records are updated.</p>
          </article>
          <article>
            <h3>High Impact Reports</h3>
            <p>Download in-depth reports on the technologies most likely to change practice.</p>
          </article>
        </div>
        <p>
          <Link to="/about">About the database</Link>
        </p>
      </section>
    </>
  );
}

function MemberHome({ firstName }: { firstName: string }) {
  return (
    <>
      <section className="hero" aria-labelledby="welcome">
        <h1 id="welcome">Welcome, {firstName}</h1>
        <label htmlFor="home-search">Search records</label>
        <Form method="get" action="/search" role="search">
          <input
            id="home-search"
            type="search"
            name="q"
            placeholder="Substance, company, indication or code"
          />
          <button type="submit">Search</button>
        </Form>
      </section>
      <section aria-labelledby="ways-in">
        <h2 id="ways-in">Ways in</h2>
        <ul className="ways-in">
          <li>
            <Link to="/advancedsearch">Advanced search</Link>
          </li>
          <li>
            <Link to="/dashboard">My dashboard</Link>
          </li>
          <li>
            <Link to="/hir">High Impact Reports</Link>
          </li>
          <li>
            <Link to="/imagingdiagnostics">Imaging and diagnostics</Link>
          </li>
          <li>
            <Link to="/allreleases">Releases</Link>
          </li>
          <li>
            <Link to="/myaccount">My account</Link>
          </li>
        </ul>
      </section>
    </>
  );
}
