import { randomUUID } from "node:crypto";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, sql } from "~/db/client.server";
import { createAlert, RELEASE, releasesFor } from "~/models/alerts.server";
import { catalogueFigures, UPCOMING_LIMIT, upcomingEvents } from "~/models/home.server";
import { applyImport } from "~/models/record-import.server";
import { saveSearch } from "~/models/saved-searches.server";
import { getSiteSettings } from "~/models/settings.server";
import { generateRecord } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { RECORD_STATUSES } from "~/records/vocabulary";
import { loader as homeLoader } from "~/routes/_index";
import { loader as searchLoader } from "~/routes/search";
import { todayUtc } from "~/search/days";
import { DEFAULT_SEARCH, searchHref } from "~/search/request";
import { args, getRequest, makeUser, sessionCookie } from "../factories";
import { jsonLines } from "../records";
import { asResponse } from "../route-result";

dayjs.extend(utc);

/**
 * The signed-in home page's figures, each held to a brute-force count. On
 * PostgreSQL the database is shared with other files (run one at a time), so a figure is
 * checked against what the whole database holds, or as the change this file's records made.
 */

const json = async (response: unknown) => asResponse(response).json();
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const today = todayUtc();
const dayFrom = (days: number) => dayjs.utc(today).add(days, "day").format("YYYY-MM-DD");

type Event = { event: string; date: string };

/** Generated records under a prefix of this test's own, with no regulatory events unless given. */
function records(count: number): HssRecord[] {
  const prefix = `H${randomUUID().slice(0, 8)}`;
  return Array.from({ length: count }, (_, i) => {
    const doc = recordSchema.parse(
      JSON.parse(
        JSON.stringify(generateRecord(i, { catalogueSize: 50, today })).replaceAll(
          "HSS-",
          `${prefix}-`,
        ),
      ),
    );
    doc.regulatoryInformation.ema.events = [];
    doc.regulatoryInformation.fda.events = [];
    return doc;
  });
}

const withEvents = (doc: HssRecord, ema: Event[], fda: Event[] = []): HssRecord =>
  recordSchema.parse({
    ...doc,
    regulatoryInformation: {
      ema: { ...doc.regulatoryInformation.ema, events: ema },
      fda: { ...doc.regulatoryInformation.fda, events: fda },
    },
  });

async function apply(docs: HssRecord[], mode: "publish" | "preview", at = new Date()) {
  const report = await applyImport(() => textChunks(jsonLines(docs)), {
    mode,
    source: "cli",
    filename: "home.jsonl",
    at,
  });
  expect(report.errorCount).toBe(0);
}

const settings = () => getSiteSettings();

/** Published records by status, and those with a published change in the last `days` days: SQL over every record. */
async function bruteFigures(days: number) {
  const db = await getDb();
  const byStatus = await queryRows<{ record_status: string; count: number }>(
    db,
    sql`SELECT record_status, count(*)::int AS count FROM records
         WHERE published_version_id IS NOT NULL GROUP BY record_status`,
  );
  const [changed] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM records r
         WHERE r.published_version_id IS NOT NULL AND EXISTS (
           SELECT 1 FROM record_changes c JOIN record_versions v ON v.id = c.version_id
            WHERE c.record_id = r.id AND v.state IN ('published', 'superseded')
              AND c.changed_at > now() - make_interval(days => ${days}))`,
  );
  const count = (status: string) => byStatus.find((row) => row.record_status === status)?.count;
  return {
    total: byStatus.reduce((sum, row) => sum + row.count, 0),
    statuses: RECORD_STATUSES.map((status) => ({ status, count: count(status) ?? 0 })),
    changed: changed.count,
  };
}

/** Every event dated today or later of every published record, in the page's order: brute force. */
async function bruteUpcoming() {
  const rows = await queryRows<{
    id: number;
    hss_id: string;
    title: string;
    document: HssRecord;
  }>(
    await getDb(),
    sql`SELECT r.id, r.hss_id, r.title, v.document FROM records r
          JOIN record_versions v ON v.id = r.published_version_id`,
  );
  const events = rows.flatMap((row) =>
    (["ema", "fda"] as const).flatMap((agency, rank) =>
      (row.document.regulatoryInformation[agency].events ?? [])
        .filter((event) => event.date >= today)
        .map((event) => ({
          id: row.id,
          rank,
          date: event.date,
          agency: agency === "ema" ? "EMA" : "FDA",
          event: event.event,
          hssId: row.hss_id,
          title: row.title,
        })),
    ),
  );
  events.sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      a.rank - b.rank ||
      a.id - b.id ||
      (a.event < b.event ? -1 : a.event > b.event ? 1 : 0),
  );
  return events.map(({ date, agency, event, hssId, title }) => ({
    date,
    agency,
    event,
    hssId,
    title,
  }));
}

describe("the home page", () => {
  // The first use of the database migrates it: under the hook's time limit, not a test's.
  beforeAll(async () => {
    await getDb();
  });

  it("shows signed-out visitors no catalogue figures", async () => {
    expect(await json(await homeLoader(args(getRequest("/"))))).toEqual({ member: null });
  });

  it("counts published records by status, each figure what its link finds, and the records changed in the last 7 days", async () => {
    const before = await catalogueFigures(await settings());
    const docs = records(9);
    const statuses = ["Active", "Active", "Active", "Monitoring", "Monitoring", "Archived"];
    for (const [i, status] of [...statuses, "Discontinued", "Active", "Monitoring"].entries())
      docs[i].recordStatus = status as HssRecord["recordStatus"];
    const [published, staged] = [docs.slice(0, 7), docs.slice(7)];
    await apply(published, "publish", daysAgo(20));
    // Two records change in the last week, one ten days ago (within 30 days, not 7).
    const changed = (doc: HssRecord) => ({ ...doc, title: `${doc.title} (updated)` });
    await apply([changed(published[0]), changed(published[3])], "publish", daysAgo(2));
    await apply([changed(published[5])], "publish", daysAgo(10));
    // Staged versions count nowhere: two new records, and a status change waiting for review.
    await apply([...staged, { ...published[6], recordStatus: "Active" }], "preview");

    const after = await catalogueFigures(await settings());
    expect(after.total - before.total).toBe(published.length);
    for (const [i, row] of after.statuses.entries()) {
      const mine = published.filter((doc) => doc.recordStatus === row.status).length;
      expect(row.count - before.statuses[i].count, row.status).toBe(mine);
    }
    expect(after.changed - before.changed).toBe(2);
    expect(after).toEqual(await bruteFigures(7));

    // The page shows these figures, and each status link finds exactly its count.
    const cookie = await sessionCookie(await makeUser({ firstName: "Robin" }));
    const { member } = await json(await homeLoader(args(getRequest("/", cookie))));
    expect(member.firstName).toBe("Robin");
    expect(member.catalogue.total).toBe(after.total);
    expect(member.catalogue.changed).toBe(after.changed);
    expect(member.catalogue.changedDays).toBe(7);
    expect(member.catalogue.totalHref).toBe("/search");
    for (const [i, row] of member.catalogue.statuses.entries()) {
      expect(row).toMatchObject(after.statuses[i]);
      expect(row.href).toBe(`/search?f=recordStatus%3A${row.status}`);
      const search = await json(await searchLoader(args(getRequest(row.href, cookie))));
      expect(search.result.total, row.href).toBe(row.count);
    }
  });

  it("lists the next regulatory events from today, soonest first, of published versions only", async () => {
    const [a, b, c, d, e, f, g] = records(7);
    await apply(
      [
        withEvents(a, [
          { event: "MAA submitted", date: dayFrom(-30) },
          { event: "CHMP opinion", date: dayFrom(2) },
          { event: "EC decision", date: dayFrom(60) },
        ]),
        // The same day as a's opinion: EMA before FDA. An event today is still to come.
        withEvents(
          b,
          [{ event: "Clock stop", date: today }],
          [{ event: "PDUFA date", date: dayFrom(2) }],
        ),
        withEvents(
          c,
          [5, 6, 7, 8].map((days) => ({ event: "Clock stop", date: dayFrom(days) })),
          [{ event: "Approval", date: dayFrom(9) }],
        ),
        // Only past events.
        withEvents(
          d,
          [{ event: "MAA validated", date: dayFrom(-1) }],
          [{ event: "Application submitted", date: dayFrom(-2) }],
        ),
        withEvents(e, [{ event: "MAA submitted", date: dayFrom(-90) }]),
        withEvents(g, [{ event: "CHMP opinion", date: dayFrom(3) }]),
      ],
      "publish",
    );
    // A new published version moves g's opinion: the old version's date is gone.
    await apply([withEvents(g, [{ event: "CHMP opinion", date: dayFrom(70) }])], "publish");
    // Tomorrow's events in staged versions only: a new record, and a published one's next version.
    await apply(
      [
        withEvents(f, [{ event: "CHMP opinion", date: dayFrom(1) }]),
        withEvents(e, [
          { event: "MAA submitted", date: dayFrom(-90) },
          { event: "CHMP opinion", date: dayFrom(1) },
        ]),
      ],
      "preview",
    );

    const expected = await bruteUpcoming();
    const shown = await upcomingEvents({ today });
    expect(shown).toHaveLength(UPCOMING_LIMIT);
    expect(shown).toEqual(expected.slice(0, UPCOMING_LIMIT));
    expect(await upcomingEvents({ today, limit: 3 })).toEqual(expected.slice(0, 3));

    // This file's events among them, in their own order (others' may come between on a shared database).
    const ours = [
      [today, "EMA", "Clock stop", b],
      [dayFrom(2), "EMA", "CHMP opinion", a],
      [dayFrom(2), "FDA", "PDUFA date", b],
      [dayFrom(5), "EMA", "Clock stop", c],
      [dayFrom(6), "EMA", "Clock stop", c],
      [dayFrom(7), "EMA", "Clock stop", c],
      [dayFrom(8), "EMA", "Clock stop", c],
      [dayFrom(9), "FDA", "Approval", c],
      [dayFrom(60), "EMA", "EC decision", a],
      [dayFrom(70), "EMA", "CHMP opinion", g],
    ] as const;
    const mine = new Set([a, b, c, d, e, f, g].map((doc) => doc.hssId));
    const shownOfMine = shown.filter((event) => mine.has(event.hssId));
    expect(shownOfMine).toEqual(
      ours.slice(0, shownOfMine.length).map(([date, agency, event, doc]) => ({
        date,
        agency,
        event,
        hssId: doc.hssId,
        title: doc.title,
      })),
    );
    expect(shown.every((event) => event.date >= today)).toBe(true);
    expect(shown.some((event) => [d.hssId, e.hssId, f.hssId].includes(event.hssId))).toBe(false);
    expect(await upcomingEvents({ today, limit: 100 })).toEqual(expected.slice(0, 100));

    // The page lists them, with a search for every record with an EU event from today on.
    const cookie = await sessionCookie(await makeUser());
    const { member } = await json(await homeLoader(args(getRequest("/", cookie))));
    expect(member.upcoming.events).toEqual(shown);
    expect(member.upcoming.today).toBe(today);
    expect(member.upcoming.euHref).toBe(`/search?euFrom=${today}`);
  });

  it("lists the member's saved searches with their records changed in the last 30 days, or says how to save one", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const empty = (await json(await homeLoader(args(getRequest("/", cookie))))).member.saved;
    expect(empty).toEqual({ days: 30, searches: [] });

    const docs = records(4);
    for (const doc of docs) doc.recordStatus = "Discontinued";
    await apply(docs, "publish", daysAgo(45));
    await apply(
      docs.slice(0, 3).map((doc) => ({ ...doc, title: `${doc.title} (updated)` })),
      "publish",
      daysAgo(3),
    );
    const discontinued = {
      ...DEFAULT_SEARCH,
      basicSearchFilter: [{ filterId: "recordStatus", values: ["Discontinued"] }],
    };
    const cancer = { ...DEFAULT_SEARCH, searchPhrase: "cancer", from: 40 };
    await saveSearch(user.id, "Discontinued", discontinued);
    await saveSearch(user.id, "Cancer", cancer);

    // Brute force: published records of the status with a published change in the last 30 days.
    const [row] = await queryRows<{ count: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS count FROM records r
           WHERE r.published_version_id IS NOT NULL AND r.record_status = 'Discontinued' AND EXISTS (
             SELECT 1 FROM record_changes c JOIN record_versions v ON v.id = c.version_id
              WHERE c.record_id = r.id AND v.state IN ('published', 'superseded')
                AND c.changed_at > now() - make_interval(days => 30))`,
    );
    expect(row.count).toBeGreaterThanOrEqual(3);
    const { saved } = (await json(await homeLoader(args(getRequest("/", cookie))))).member;
    expect(saved.days).toBe(30);
    // Newest first; each runs its search from the first page.
    expect(
      saved.searches.map(({ title, href }: { title: string; href: string }) => ({ title, href })),
    ).toEqual([
      { title: "Cancer", href: searchHref({ ...cancer, from: 0 }) },
      { title: "Discontinued", href: "/search?f=recordStatus%3ADiscontinued" },
    ]);
    expect(saved.searches[1].changed).toBe(row.count);
  });

  it("shows the three newest releases the member may read", async () => {
    const staff = await makeUser({ roles: ["admin"] });
    const release = (title: string, audienceRoles: string[] = []) =>
      createAlert(
        {
          alertType: RELEASE,
          title,
          summary: `${title}: what changed`,
          content: "",
          audienceRoles,
          severity: "information",
          tags: [],
          popupDuration: 3000,
          notifyDate: daysAgo(1),
          expireDate: new Date(Date.now() + 30 * DAY),
          requestedBy: "Tests",
          isEnabled: true,
        },
        staff.id,
      );
    const ids: number[] = [];
    for (const title of ["Version 1", "Version 2", "Version 3", "Version 4"])
      ids.push(await release(title));
    const editorsOnly = await release("Version 5 (editors)", ["editor"]);

    const member = await makeUser();
    const { releases } = (
      await json(await homeLoader(args(getRequest("/", await sessionCookie(member)))))
    ).member;
    expect(releases.map((r: { alertId: number }) => r.alertId)).toEqual(
      (await releasesFor(member.roles)).slice(0, 3).map((r) => r.alertId),
    );
    expect(releases.map((r: { alertId: number }) => r.alertId)).toEqual([ids[3], ids[2], ids[1]]);
    expect(releases[0]).toMatchObject({ title: "Version 4", summary: "Version 4: what changed" });
    expect(releases.some((r: { alertId: number }) => r.alertId === editorsOnly)).toBe(false);
  });
});
