import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HeroSearch } from "~/components/HeroSearch";
import { TableScroll } from "~/components/TableScroll";
import { getOptionalUserWith } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { homeColumns } from "~/models/home.server";
import { memberHome } from "~/pages/home.server";

export const handle: RouteHandle<{ member: { firstName: string } | null }> = {
  title: (data) => (data?.member ? "Home" : "Horizon scanning for health technology"),
};

export async function loader({ request }: LoaderFunctionArgs) {
  // Public page in two forms: signed out (no catalogue figures) and signed in.
  const { user, extra: known } = await getOptionalUserWith(request, homeColumns);
  if (!user) return { member: null };
  return { member: await memberHome(user, known) };
}

type Member = NonNullable<SerializeFrom<typeof loader>["member"]>;

export default function Home() {
  const { member } = useLoaderData<typeof loader>();
  return member ? <MemberHome member={member} /> : <VisitorHome />;
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
        <p className="button-row">
          <Link to="/login" className="button-link">
            Log in
          </Link>
          <Link to="/contact" className="button-link secondary">
            Contact us to subscribe
          </Link>
        </p>
      </section>
      <section aria-labelledby="what-you-get">
        <h2 id="what-you-get">What members get</h2>
        <div className="ways-in">
          <article>
            <h3>A record for each technology</h3>
            <p>
              Substance, company and indication; EMA and FDA events with expected dates; trials; and
              an analysis of likely impact and cost.
            </p>
          </article>
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

const count = (value: number) => value.toLocaleString("en-GB");

function MemberHome({ member }: { member: Member }) {
  const { catalogue, saved, releases, upcoming } = member;
  return (
    <>
      <section className="hero" aria-labelledby="welcome">
        <h1 id="welcome">Welcome, {member.firstName}</h1>
        <HeroSearch id="home-search" total={catalogue.total} />
      </section>

      <section aria-labelledby="catalogue-title" className="home-catalogue">
        <h2 id="catalogue-title">What is in the catalogue</h2>
        <ul className="home-stats">
          <li>
            <Link to={catalogue.totalHref}>
              <span className="home-stat-figure">{count(catalogue.total)}</span>{" "}
              <span className="home-stat-label">published records</span>
            </Link>
          </li>
          {catalogue.statuses.map((row) => (
            <li key={row.status}>
              <Link to={row.href}>
                <span className="home-stat-figure">{count(row.count)}</span>{" "}
                <span className="home-stat-label">{row.status}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/dashboard/notifications">
              <span className="home-stat-figure">{count(catalogue.changed)}</span>{" "}
              <span className="home-stat-label">
                changed in the last {catalogue.changedDays}
                {"\u00a0"}days
              </span>
            </Link>
          </li>
        </ul>
        <p className="home-note">
          Each figure opens the records it counts; record status is as the reviewers set it. A
          record counts as changed when a new version of it was published; your{" "}
          <Link to="/dashboard/notifications">notifications</Link> list the changes of the last{" "}
          {saved.days} days.
        </p>
      </section>

      <div className="home-columns">
        <div className="home-main">
          <section aria-labelledby="saved-title">
            <h2 id="saved-title">Your saved searches</h2>
            {saved.searches.length ? (
              <>
                <TableScroll
                  caption={`Records each saved search finds that changed in the last ${saved.days} days`}
                  className="home-saved"
                >
                  <thead>
                    <tr>
                      <th scope="col">Saved search</th>
                      <th scope="col" className="numeric">
                        Changed records
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {saved.searches.map((search) => (
                      <tr key={search.id}>
                        <td>
                          <Link to={search.href}>{search.title}</Link>
                        </td>
                        <td className="numeric">{count(search.changed)}</td>
                      </tr>
                    ))}
                  </tbody>
                </TableScroll>
                <p>
                  <Link to="/dashboard/savedsearches">Manage your saved searches</Link> and their
                  email alerts.
                </p>
              </>
            ) : (
              <p>
                You have no saved searches yet. Run a <Link to="/search">search</Link>, then choose
                “Save this search” above its results: this page will then count the records it finds
                that changed in the last {saved.days} days.
              </p>
            )}
          </section>

          <section aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">Next regulatory events</h2>
            {upcoming.events.length ? (
              <>
                <p>
                  The next{" "}
                  {upcoming.events.length === 1 ? "event" : `${upcoming.events.length} events`}{" "}
                  expected in published records, from today ({formatDate(upcoming.today)}), soonest
                  first. EMA marks an EU event, FDA a US one.
                </p>
                <ol className="home-upcoming">
                  {upcoming.events.map((event) => (
                    <li key={`${event.date} ${event.agency} ${event.hssId} ${event.event}`}>
                      <time className="home-date" dateTime={event.date}>
                        {formatDate(event.date)}
                      </time>
                      <span>
                        <Link to={`/record/${event.hssId}`}>{event.title}</Link>
                        <br />
                        {event.agency}: {event.event}
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            ) : (
              <p>
                No published record has an EMA or FDA event dated {formatDate(upcoming.today)} or
                later.
              </p>
            )}
            <p>
              <Link to={upcoming.euHref}>
                Search the records with an EU event from {formatDate(upcoming.today)} onwards
              </Link>
            </p>
          </section>
        </div>

        <div className="home-side">
          <section aria-labelledby="releases-title">
            <h2 id="releases-title">Latest releases</h2>
            {releases.length ? (
              <ol className="home-releases">
                {releases.map((release) => (
                  <li key={release.alertId}>
                    <h3>
                      <Link to={`/releases/${release.alertId}`}>{release.title}</Link>
                    </h3>
                    <p className="home-date">
                      <time dateTime={release.updatedAt}>{formatDate(release.updatedAt)}</time>
                    </p>
                    <p>{release.summary}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p>No releases have been announced yet.</p>
            )}
            <p>
              <Link to="/allreleases">All releases</Link>
            </p>
          </section>

          <section aria-labelledby="ways-in">
            <h2 id="ways-in">Ways in</h2>
            <ul className="home-links">
              <li>
                <Link to="/advancedsearch">Advanced search</Link>
              </li>
              <li>
                <Link to="/dashboard">My Dashboard</Link>
              </li>
              <li>
                <Link to="/hir">High Impact Reports</Link>
              </li>
              <li>
                <Link to="/imagingdiagnostics">Imaging and diagnostics</Link>
              </li>
              <li>
                <Link to="/myaccount">My account</Link>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
