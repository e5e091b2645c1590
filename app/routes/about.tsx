import { Link } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "About" };

// A public page with no data: no loader, so no access check to make.
export default function About() {
  return (
    <article className="prose">
      <Breadcrumb items={[{ label: "About" }]} />
      <h1>About the Horizon Scanning Database</h1>
      <p>
        The Horizon Scanning Database follows drugs and other health technologies from early
        development to market. Each record (an HSS record, with its own HSS ID) brings together what
        is known about one technology in one indication: the active compound, the estimated
        indication and comparators, the organisations behind it, its classification and codes, how
        it is given, the disease it treats, EU and FDA regulatory events, clinical trials, related
        records, our analysis and references.
      </p>
      <h2>Who it is for</h2>
      <p>
        Subscribers are health-system analysts, health technology assessment bodies and pharmacists
        who plan for what is coming. Records are written and kept up to date by our editors and
        medical reviewers.
      </p>
      <h2>Trust</h2>
      <p>
        Every change to a record is kept in its change log, with the date, the field and what it
        said before, so you can see what changed and when.
      </p>
      <h2>Accessibility</h2>
      <p>
        Every page and form works without JavaScript, with a keyboard and with a screen reader. If
        anything gets in your way, <Link to="/contact">tell us</Link>.
      </p>
    </article>
  );
}
