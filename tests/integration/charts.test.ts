import { randomUUID } from "node:crypto";
import dayjs from "dayjs";
import { beforeAll, describe, expect, it } from "vitest";
import type { BarChartData } from "~/charts/types";
import { getDb, queryRows, sql } from "~/db/client.server";
import { applyImport } from "~/models/record-import.server";
import { saveSearch } from "~/models/saved-searches.server";
import { searchIndex } from "~/models/search-index.server";
import { getSiteSettings } from "~/models/settings.server";
import {
  ACTIVITY_MEASURES,
  readReportQuery,
  userReport,
  userReportSeries,
} from "~/models/user-admin.server";
import { generateRecord } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { loader as advancedLoader } from "~/routes/advancedsearch";
import { loader as overviewLoader } from "~/routes/dashboard.overview";
import { loader as reportLoader } from "~/routes/dashboard.userreports";
import { loader as searchLoader } from "~/routes/search";
import { inNaturalOrder } from "~/search/facet-order";
import { nextOrLastEuEvent, type ReferenceDoc, referenceSearch } from "../search-reference";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";
import { args, getRequest, makeUser, sessionCookie } from "../factories";
import { jsonLines } from "../records";
import { asResponse } from "../route-result";

/**
 * The charts' numbers (decision 021), held to the search's own answers and to brute force: the
 * search charts' bars to the facet counts and the reference search, and each bar's link to a
 * search that finds exactly its count; the overview's changes per saved search; the user
 * report's activity over time. On PostgreSQL the database is shared with other files, which
 * leave thousands of records: each search here is narrowed to this file's records (their
 * HSS ID prefix), and brute force reads only those, so a search that found another file's
 * record would not agree with it.
 */

const json = async (response: unknown) => asResponse(response).json();
const today = () => new Date().toISOString().slice(0, 10);

/** Generated records under a prefix of their own, published with the given import time. */
async function publishGenerated(prefix: string, from: number, count: number, at: Date) {
  const records = Array.from({ length: count }, (_, i) =>
    recordSchema.parse(
      JSON.parse(
        JSON.stringify(
          generateRecord(from + i, { catalogueSize: 400, today: dayjs().format("YYYY-MM-DD") }),
        ).replaceAll("HSS-", `${prefix}-`),
      ),
    ),
  );
  const report = await applyImport(() => textChunks(jsonLines(records)), {
    mode: "publish",
    source: "cli",
    filename: "charts.jsonl",
    at,
  });
  expect(report.errorCount).toBe(0);
  return records;
}

/** A test's published records (HSS IDs `prefix-…`), as the reference search reads them. */
async function publishedDocs(prefix: string): Promise<ReferenceDoc[]> {
  const rows = await queryRows<{ id: number; hss_id: string; document: HssRecord | string }>(
    await getDb(),
    sql`SELECT r.id, r.hss_id, v.document FROM records r JOIN record_versions v ON v.id = r.published_version_id WHERE r.hss_id LIKE ${`${prefix}-%`} ORDER BY r.id`,
  );
  return rows.map((row) => ({
    recordId: Number(row.id),
    hssId: row.hss_id,
    doc: typeof row.document === "string" ? JSON.parse(row.document) : row.document,
  }));
}

const settingsNow = () => getSiteSettings();

/** The request a chart's link asks for, as the page reads it. */
async function requestOf(href: string) {
  const url = new URL(href, "http://localhost");
  return parseSearchParams(url.searchParams, await settingsNow(), {
    advanced: url.pathname === "/advancedsearch",
  }).request;
}

type Loader = typeof searchLoader;

async function chartsOf(loader: Loader, path: string, cookie: string) {
  const data = await json(await loader(args(getRequest(path, cookie))));
  return data as {
    request: SearchRequest;
    result: {
      total: number;
      facets: Array<{ filterId: string; values: Array<{ value: string; count: number }> }>;
    };
    chartsOpen: boolean;
    charts: { euStatus: BarChartData; fdaStatus: BarChartData; euYears: BarChartData } | null;
  };
}

describe("the search charts", () => {
  // This test's records; brute force reads only them, and every search below is narrowed to
  // them by `${prefix}*` (or an advanced row on the HSS ID), so a search that let in another
  // file's record would not agree with it.
  const prefix = `CH${randomUUID().slice(0, 6)}`;
  let docs: ReferenceDoc[] = [];
  let cookie = "";
  beforeAll(async () => {
    await publishGenerated(prefix, 0, 120, new Date());
    docs = await publishedDocs(prefix);
    cookie = await sessionCookie(await makeUser());
    // The search index holds every record of the database (thousands on a shared one): built
    // here once, not inside the first page's test.
    await searchIndex();
  });

  // Each page checks at least `minBars` bars' links (about 28, 23, 11, 27 and 28 today).
  const pages: Array<{ name: string; loader: Loader; path: string; minBars: number }> = [
    {
      name: "all of them",
      loader: searchLoader,
      path: `/search?q=${prefix}*&charts=1`,
      minBars: 10,
    },
    {
      name: "a word",
      loader: searchLoader,
      path: `/search?q=${prefix}*%20cancer&charts=1`,
      minBars: 10,
    },
    {
      name: "two filters",
      loader: searchLoader,
      path: `/search?q=${prefix}*&f=euRegulatoryStatus:Authorised&f=technologyType:Small%20molecule&charts=1`,
      minBars: 5,
    },
    {
      name: "EU event years",
      loader: searchLoader,
      path: `/search?q=${prefix}*&euYearFrom=2020&charts=1`,
      minBars: 10,
    },
    {
      name: "an advanced search",
      loader: advancedLoader,
      path: `/advancedsearch?adv=1&field=hssId&op=contains&value=${prefix}&dateFrom=&dateTo=&join=and&charts=1`,
      minBars: 10,
    },
  ];

  it.each(pages)(
    "on $name: count as the search's facets and the reference search, and each bar's link finds exactly its count",
    async ({ name, loader, path, minBars }) => {
      expect(docs).toHaveLength(120);
      const settings = await settingsNow();
      const data = await chartsOf(loader, path, cookie);
      expect(data.chartsOpen, path).toBe(true);
      const charts = data.charts;
      if (!charts) throw new Error(`${path}: no charts`);
      const reference = referenceSearch(docs, data.request, settings, { today: today() });
      expect(data.result.total, path).toBe(reference.total);
      expect(reference.total, `${path} finds some of this test's records`).toBeGreaterThan(0);
      if (name === "all of them") expect(data.result.total, path).toBe(120);

      // The status bars are the facet counts of the same answer, and the reference's.
      for (const [chart, filterId] of [
        [charts.euStatus, "euRegulatoryStatus"],
        [charts.fdaStatus, "fdaRegulatoryStatus"],
      ] as const) {
        const facet = data.result.facets.find((group) => group.filterId === filterId);
        const expected = (facet?.values ?? []).filter((value) => value.count > 0);
        expect(
          chart.rows.map((row) => [row.label, row.count]),
          `${path} ${filterId}`,
        ).toEqual(expected.map((value) => [value.value, value.count]));
        // The reference counts by brute force; the page lists a status in its process's order.
        const referenceFacet = reference.facets.find((group) => group.filterId === filterId);
        if (!referenceFacet) throw new Error(`${path}: the reference has no ${filterId}`);
        expect(
          chart.rows.map((row) => [row.label, row.count]),
          `${path} ${filterId} by brute force`,
        ).toEqual(
          inNaturalOrder(referenceFacet)
            .values.filter((v) => v.count > 0)
            .map((v) => [v.value, v.count]),
        );
      }

      // The years: the reference's next or last EU event of every match, year by year.
      const years = new Map(reference.eventYears.years.map((row) => [row.year, row.count]));
      for (const row of charts.euYears.rows) {
        const [first, last = first] = row.label.split("–").map(Number);
        let sum = 0;
        for (let year = first; year <= last; year++) sum += years.get(year) ?? 0;
        expect(row.count, `${path} ${row.label}`).toBe(sum);
      }
      const none = reference.eventYears.none;
      // Written as people read numbers (1,234).
      const written = none.toLocaleString("en-GB");
      expect(charts.euYears.notes.some((note) => note.startsWith(`${written} record`))).toBe(
        none > 0,
      );

      // Each bar's link: the search it leads to finds exactly the bar's count, with the
      // value applied and the charts still open.
      let bars = 0;
      for (const row of [
        ...charts.euStatus.rows,
        ...charts.fdaStatus.rows,
        ...charts.euYears.rows,
      ]) {
        if (!row.href) {
          expect(row.count).toBe(0);
          continue;
        }
        const next = await requestOf(row.href);
        const target = referenceSearch(docs, next, settings, { today: today() });
        expect(target.total, `${path} → ${row.href}`).toBe(row.count);
        const followed = await chartsOf(
          row.href.startsWith("/advancedsearch") ? advancedLoader : searchLoader,
          row.href,
          cookie,
        );
        expect(followed.result.total, row.href).toBe(row.count);
        expect(followed.chartsOpen).toBe(true);
        expect(next.from).toBe(0);
        bars++;
      }
      expect(bars).toBeGreaterThanOrEqual(minBars);
    },
  );

  it("are left out while closed, and opening or closing them is not a new search", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const closed = await chartsOf(searchLoader, "/search?q=cancer", cookie);
    expect(closed.chartsOpen).toBe(false);
    expect(closed.charts).toBeNull();
    await chartsOf(searchLoader, "/search?q=cancer&charts=1", cookie);
    await chartsOf(searchLoader, "/search?q=cancer&charts=0", cookie);
    const open = await chartsOf(searchLoader, "/search?q=cancer&charts=1", cookie);
    // A bar: a new search.
    const href = open.charts?.euStatus.rows[0]?.href;
    if (!href) throw new Error("no bar to follow");
    await chartsOf(searchLoader, href, cookie);
    const rows = await queryRows<{ activity_value: string }>(
      await getDb(),
      sql`SELECT activity_value FROM user_activity WHERE user_id = ${user.id} AND activity_type = 'search' ORDER BY id`,
    );
    expect(rows.map((row) => row.activity_value)).toEqual([
      "q=cancer",
      new URLSearchParams(href.split("?")[1]).toString().replace(/&charts=1$/, ""),
    ]);
  });

  it("filter by the year of the next or last EU event: read from the URL, kept, described", async () => {
    const settings = await settingsNow();
    const read = (query: string) => parseSearchParams(new URLSearchParams(query), settings);
    expect(read("euYearFrom=2026&euYearTo=2020").request).toMatchObject({
      emaNextOrLastEventYearFrom: 2020,
      emaNextOrLastEventYearTo: 2026,
    });
    expect(read("euYearFrom=2026&euYearTo=2020").notices[0]).toMatch(/years were the wrong way/);
    const wrong = read("euYearFrom=20x6");
    expect(wrong.request.emaNextOrLastEventYearFrom).toBeNull();
    expect(wrong.notices[0]).toMatch(/not a year/);
    // An old saved request without the fields searches as before.
    const { emaNextOrLastEventYearFrom, emaNextOrLastEventYearTo, ...old } = DEFAULT_SEARCH;
    expect(emaNextOrLastEventYearFrom ?? emaNextOrLastEventYearTo).toBeNull();
    // This describe's records (beforeAll), every one of them.
    expect(referenceSearch(docs, old as SearchRequest, settings).total).toBe(docs.length);
    // The reference's rule, by hand.
    const record = docs[0].doc;
    const events = (dates: string[]) => ({
      ...record,
      regulatoryInformation: {
        ...record.regulatoryInformation,
        ema: {
          ...record.regulatoryInformation.ema,
          events: dates.map((date) => ({ event: "CHMP opinion" as const, date })),
        },
      },
    });
    expect(
      nextOrLastEuEvent(events(["2020-01-01", "2027-05-01", "2026-12-01"]), "2026-11-24"),
    ).toBe("2026-12-01");
    expect(nextOrLastEuEvent(events(["2020-01-01", "2024-05-01"]), "2026-11-24")).toBe(
      "2024-05-01",
    );
    expect(nextOrLastEuEvent(events(["2026-11-24"]), "2026-11-24")).toBe("2026-11-24");
    expect(nextOrLastEuEvent(events([]), "2026-11-24")).toBeNull();
  });
});

describe("the overview's saved searches", () => {
  it("count the records each finds that changed in the last 30 days", async () => {
    const prefix = `OV${randomUUID().slice(0, 6)}`;
    // Published 60 days ago; a third of them changed again 5 days ago.
    const longAgo = dayjs().subtract(60, "day").toDate();
    const records = await publishGenerated(prefix, 200, 60, longAgo);
    const changed = records.filter((_, i) => i % 3 === 0);
    const moved = changed.map((record) => ({
      ...record,
      title: `${record.title} (revised)`,
      lastUpdated: dayjs().subtract(5, "day").format("YYYY-MM-DD"),
    }));
    const report = await applyImport(() => textChunks(jsonLines(moved)), {
      mode: "publish",
      source: "cli",
      filename: "charts-changed.jsonl",
      at: dayjs().subtract(5, "day").toDate(),
    });
    expect(report.errorCount).toBe(0);

    const user = await makeUser();
    const settings = await settingsNow();
    // Each saved search is narrowed to this test's records by an advanced row on the HSS ID.
    const mine = (extra: Partial<SearchRequest>): SearchRequest => ({
      ...DEFAULT_SEARCH,
      isAdvancedSearch: true,
      advanceSearchFilter: [
        {
          filterId: "hssId",
          operator: "contains",
          fieldValue: prefix,
          dateFrom: "",
          dateTo: "",
          join: "and",
        },
      ],
      ...extra,
    });
    const searches = [
      { title: "All of them", request: mine({}) },
      {
        title: "Authorised",
        request: mine({
          basicSearchFilter: [
            { filterId: "euRegulatoryStatus", values: ["Authorised", "MAA under evaluation"] },
          ],
        }),
      },
      { title: "Cancer", request: mine({ searchPhrase: "cancer" }) },
      { title: "Nothing", request: mine({ searchPhrase: "nosuchwordanywhere" }) },
    ];
    for (const search of searches) await saveSearch(user.id, search.title, search.request);

    // The saved searches are narrowed to this test's records: so is brute force.
    const docs = await publishedDocs(prefix);
    const changedIds = new Set(changed.map((record) => record.hssId));
    const data = await json(
      await overviewLoader(args(getRequest("/dashboard/overview", await sessionCookie(user)))),
    );
    const chart = data.savedChart as BarChartData;
    // Newest first, as the saved-searches page lists them.
    expect(chart.rows.map((row) => row.label)).toEqual(searches.map((s) => s.title).reverse());
    for (const search of searches) {
      const found = referenceSearch(docs, { ...search.request, size: 10_000 }, settings).hssIds;
      const expected = found.filter((hssId) => changedIds.has(hssId)).length;
      const row = chart.rows.find((each) => each.label === search.title);
      expect(row?.count, search.title).toBe(expected);
      expect(row?.href).toMatch(/^\/advancedsearch\?/);
      expect((await requestOf(row?.href ?? "")).advanceSearchFilter).toEqual(
        search.request.advanceSearchFilter,
      );
    }
    expect(chart.rows.find((row) => row.label === "All of them")?.count).toBe(changed.length);
    expect(chart.rows.find((row) => row.label === "Nothing")?.count).toBe(0);
  });

  it("say so when the member has no saved search", async () => {
    const data = await json(
      await overviewLoader(
        args(getRequest("/dashboard/overview", await sessionCookie(await makeUser()))),
      ),
    );
    expect(data.savedChart).toBeNull();
  });
});

describe("the user report's activity over time", () => {
  it("counts each day's sign-ins, searches, views, exports and downloads of the users it matches, adding up to the report's totals", async () => {
    const marker = `series${randomUUID().slice(0, 6)}`;
    const first = await makeUser({ firstName: marker });
    const second = await makeUser({ firstName: marker });
    const other = await makeUser();
    const db = await getDb();
    const from = "2025-03-01";
    const types = ["signin", "search", "view", "export", "download"] as const;
    // A known pattern: on day d (0..44), user k does type t (d + k + t) % 4 times.
    const expected = new Map<string, number[]>();
    for (let day = 0; day < 45; day++) {
      const date = dayjs(from).add(day, "day").format("YYYY-MM-DD");
      const counts = [0, 0, 0, 0, 0];
      for (const [k, user] of [first, second, other].entries()) {
        for (const [t, type] of types.entries()) {
          const times = (day + k + t) % 4;
          for (let n = 0; n < times; n++) {
            // Spread over the day, the last one a second before midnight UTC.
            const at = `${date}T${n === times - 1 ? "23:59:59" : `0${n}:30:00`}Z`;
            await db.execute(
              sql`INSERT INTO user_activity (user_id, activity_type, activity_value, created_at) VALUES (${user.id}, ${type}, 'x', ${at}::timestamptz)`,
            );
          }
          if (user !== other) counts[t] += times;
        }
      }
      expected.set(date, counts);
    }

    const query = (to: string) =>
      readReportQuery(new URLSearchParams({ q: marker, from, to })).query;
    // 31 days: one bin a day, each day's counts of the two matching users only.
    const daily = await userReportSeries(query("2025-03-31"));
    expect(daily.period).toBe("day");
    expect(daily.bins).toHaveLength(31);
    for (const bin of daily.bins) {
      expect(
        ACTIVITY_MEASURES.map((measure) => bin[measure]),
        bin.start,
      ).toEqual(expected.get(bin.start));
    }
    const report = await userReport(query("2025-03-31"));
    for (const measure of ACTIVITY_MEASURES)
      expect(
        daily.bins.reduce((sum, bin) => sum + bin[measure], 0),
        measure,
      ).toBe(report.totals[measure]);

    // 120 days: weeks from the first day, the last one cut at the range's end.
    const weekly = await userReportSeries(query("2025-06-28"));
    expect(weekly.period).toBe("week");
    expect(weekly.bins[1]).toMatchObject({ start: "2025-03-08", end: "2025-03-14" });
    expect(weekly.bins.at(-1)?.end).toBe("2025-06-28");
    const weekReport = await userReport(query("2025-06-28"));
    for (const measure of ACTIVITY_MEASURES)
      expect(weekly.bins.reduce((sum, bin) => sum + bin[measure], 0)).toBe(
        weekReport.totals[measure],
      );
    const week = [0, 0, 0, 0, 0];
    for (let day = 7; day < 14; day++)
      (expected.get(dayjs(from).add(day, "day").format("YYYY-MM-DD")) ?? []).forEach((n, t) => {
        week[t] += n;
      });
    expect(ACTIVITY_MEASURES.map((measure) => weekly.bins[1][measure])).toEqual(week);

    // Three years: calendar months; eight years: years.
    const monthly = await userReportSeries(query("2027-12-31"));
    expect(monthly.period).toBe("month");
    expect(monthly.bins[0]).toMatchObject({ start: "2025-03-01", end: "2025-03-31" });
    expect(monthly.bins).toHaveLength(34);
    const yearly = await userReportSeries(
      readReportQuery(new URLSearchParams({ q: marker, from: "2020-06-15", to: "2027-02-01" }))
        .query,
    );
    expect(yearly.period).toBe("year");
    expect(yearly.bins.map((bin) => [bin.start, bin.end])).toEqual([
      ["2020-06-15", "2020-12-31"],
      ["2021-01-01", "2021-12-31"],
      ["2022-01-01", "2022-12-31"],
      ["2023-01-01", "2023-12-31"],
      ["2024-01-01", "2024-12-31"],
      ["2025-01-01", "2025-12-31"],
      ["2026-01-01", "2026-12-31"],
      ["2027-01-01", "2027-02-01"],
    ]);
    const all = [0, 0, 0, 0, 0];
    for (const counts of expected.values())
      counts.forEach((n, t) => {
        all[t] += n;
      });
    expect(ACTIVITY_MEASURES.map((measure) => yearly.bins[5][measure])).toEqual(all);

    // The page: one line per measure, and the table's totals are the report's.
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const page = await json(
      await reportLoader(
        args(getRequest(`/dashboard/userreports?q=${marker}&from=${from}&to=2025-03-31`, admin)),
      ),
    );
    expect(page.activity.charts.map((chart: { key: string }) => chart.key)).toEqual([
      ...ACTIVITY_MEASURES,
    ]);
    expect(page.activity.table.rows).toHaveLength(31);
    expect(page.activity.table.totals).toEqual(
      ACTIVITY_MEASURES.map((measure) => page.report.totals[measure]),
    );
  });
});
