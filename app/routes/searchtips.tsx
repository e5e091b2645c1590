import { TableScroll } from "~/components/TableScroll";
import { Link } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "Search tips" };

/** Each example runs on the demo catalogue (a browser test follows every one of them). */
function Example({ href, children }: { href: string; children: string }) {
  return (
    <Link to={href} data-example="">
      <code>{children}</code>
    </Link>
  );
}

const q = (phrase: string) => `/search?q=${encodeURIComponent(phrase)}`;

export default function SearchTips() {
  return (
    <article className="prose">
      <Breadcrumb items={[{ label: "Search", to: "/search" }, { label: "Search tips" }]} />
      <h1>Search tips</h1>
      <p>
        Search looks through every published record: names and titles count most, then indications,
        companies and codes, then the rest of the record (mechanism, disease, trials, analysis).
        Results come most relevant first, and among equals the most recently updated first.
      </p>
      <nav aria-label="On this page" className="in-page">
        <ul>
          <li>
            <a href="#phrase">The search box</a>
          </li>
          <li>
            <a href="#filters">Filters</a>
          </li>
          <li>
            <a href="#advanced">Advanced search</a>
          </li>
          <li>
            <a href="#results">Results</a>
          </li>
        </ul>
      </nav>

      <h2 id="phrase">The search box</h2>
      <TableScroll
        caption="What you can type in the search box"
        captionHidden
        className="search-tips-table labels-above"
        stacked="phone"
      >
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">To find</th>
            <th scope="col" className="example">
              Example
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Words</th>
            <td data-label="To find">
              Records with all of the words, in any order. Words are matched by their stem, so{" "}
              <em>cancers</em> finds <em>cancer</em>, and case does not matter.
            </td>
            <td data-label="Example" className="example">
              <Example href={q("lung cancer")}>lung cancer</Example>
            </td>
          </tr>
          <tr>
            <th scope="row">“Quoted phrase”</th>
            <td data-label="To find">The words next to each other, in this order.</td>
            <td data-label="Example" className="example">
              <Example href={q('"atopic dermatitis"')}>"atopic dermatitis"</Example>
            </td>
          </tr>
          <tr>
            <th scope="row">OR</th>
            <td data-label="To find">
              Either side (write OR in capitals). Words next to each other bind first: a b OR c
              means (a and b) or c.
            </td>
            <td data-label="Example" className="example">
              <Example href={q("prostate OR breast")}>prostate OR breast</Example>
            </td>
          </tr>
          <tr>
            <th scope="row">-word</th>
            <td data-label="To find">
              Leaves out records with the word (or a{" "}
              <span className="nowrap">-"quoted phrase"</span>).
            </td>
            <td data-label="Example" className="example">
              <Example href={q("cancer -lung")}>cancer -lung</Example>
            </td>
          </tr>
          <tr>
            <th scope="row">prefix*</th>
            <td data-label="To find">
              Any word that starts with these letters: useful for substance stems and codes.
            </td>
            <td data-label="Example" className="example">
              <Example href={q("micese*")}>micese*</Example>
            </td>
          </tr>
          <tr>
            <th scope="row">Nothing, or *</th>
            <td data-label="To find">Every record, newest first: then narrow down with filters.</td>
            <td data-label="Example" className="example">
              <Example href="/search">*</Example>
            </td>
          </tr>
        </tbody>
      </TableScroll>
      <p>
        When nothing is found, search offers the nearest spelling it knows from substance, company
        and disease names: try <Example href={q("micesertb")}>micesertb</Example>.
      </p>

      <h2 id="filters">Filters</h2>
      <p>
        Beside the results, each filter lists its ten most frequent values in the current results,
        with how many records hold each. Tick the values you want and choose{" "}
        <strong>Apply filters</strong>. Values of one filter are joined by OR (any of them);
        different filters are joined by AND (all of them). Yes/No filters such as First in class
        take one value at a time.
      </p>
      <ul>
        <li>
          <strong>More</strong> under a filter opens every value of it, sorted by count or A to Z,
          with a box to find values by name.
        </li>
        <li>The filters in force are listed above the results; each has a link that removes it.</li>
        <li>
          Date filters (Last updated, EU event dates) take a from date, a to date or both, as day,
          month and year. EU event dates can be limited to one event, such as MAA submitted.
        </li>
        <li>
          <strong>Year of next or last EU event</strong> takes a from year, a to year or both: a
          record's next EU event is its first dated today or later; a record with none to come is
          placed by its latest.
        </li>
        <li>
          <strong>Charts</strong>, above the results, shows them by EU and FDA regulatory status and
          by the year of their next or last EU event. Each bar applies its value, keeping the other
          filters; <strong>Show the data</strong> gives the same numbers as a table.
        </li>
      </ul>
      <p>
        Examples:{" "}
        <Example href="/search?f=therapeuticArea:Oncology&f=euRegulatoryStatus:Authorised">
          Oncology, authorised in the EU
        </Example>
        ,{" "}
        <Example href="/search?f=company:Norvane%20Medicines&f=company:Corvance%20Medicines">
          Norvane Medicines or Corvance Medicines
        </Example>
        .
      </p>

      <h2 id="advanced">Advanced search</h2>
      <p>
        <Link to="/advancedsearch">Advanced search</Link> builds a search from rows. Each row names
        a field (every filter, grouped by section of the record), an operator and a value:
      </p>
      <dl>
        <dt>contains</dt>
        <dd>the field has a value containing the text, such as Company contains Norvane.</dd>
        <dt>is / is not</dt>
        <dd>the field has (or has not) exactly this value; case does not matter.</dd>
        <dt>between dates</dt>
        <dd>for date fields: a date of the field falls in the range.</dd>
      </dl>
      <p>
        Rows are joined by AND or by OR (where the field allows it). AND binds first: rows A AND B
        OR C find records matching A and B, or C. The search you built is shown above the results in
        this form. <strong>Add row</strong> and <strong>Remove row</strong> keep everything you
        typed.
      </p>
      <p>
        Example:{" "}
        <Example href="/advancedsearch?field=company&op=contains&value=Norvane&dateFrom=&dateTo=&join=and&field=company&op=contains&value=Corvance&dateFrom=&dateTo=&join=or">
          Company contains Norvane OR Company contains Corvance
        </Example>
      </p>

      <h2 id="results">Results</h2>
      <p>
        Results come 20 to a page, as cards or as a table (the choice is remembered). Sort them by
        relevance, by last updated or by title. The address of the page holds the whole search, so
        it can be bookmarked or shared with a colleague who has an account.
      </p>
    </article>
  );
}
