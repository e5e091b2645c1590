import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, schema } from "~/db/client.server";
import { seedDemoAlerts } from "~/models/demo-seed.server";
import { runJobs } from "~/jobs/scheduled.server";
import { type AlertInput, barSeverity, createAlert, pruneAlertViews } from "~/models/alerts.server";
import type { User } from "~/models/users.server";
import { loader as rootLoader } from "~/root";
import { action as listAction, loader as listLoader } from "~/routes/dashboard.alerts._index";
import { action as editAction, loader as editLoader } from "~/routes/dashboard.alerts.$alertId";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/dashboard.alerts.$alertId_.delete";
import { action as newAction, loader as newLoader } from "~/routes/dashboard.alerts.new";
import { loader as alertLoader } from "~/routes/alerts.$alertId";
import { loader as alertsLoader } from "~/routes/alerts._index";
import { action as viewedAction } from "~/routes/alerts.viewed";
import { loader as allReleasesLoader } from "~/routes/allreleases";
import { loader as releaseLoader } from "~/routes/releases.$releaseId";
import { args, getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { asResponse } from "../route-result";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function alertInput(overrides: Partial<AlertInput> = {}): AlertInput {
  return {
    alertType: "announcement",
    title: "Test alert",
    summary: "A summary",
    content: "Some **content**",
    audienceRoles: [],
    severity: "warning",
    tags: [],
    popupDuration: 3000,
    notifyDate: new Date(Date.now() - HOUR),
    expireDate: new Date(Date.now() + DAY),
    requestedBy: "",
    isEnabled: true,
    ...overrides,
  };
}

let author: User;
async function makeAlert(overrides: Partial<AlertInput> = {}) {
  author ??= await makeUser({ roles: ["websitealerts"] });
  return createAlert(alertInput(overrides), author.id);
}

type RootData = {
  badgeCount: number;
  notificationCount: number;
  siteAlert: { alert: { alertId: number; severity: string; title: string }; more: number } | null;
  releasePopup: { alertIds: number[]; message: string; duration: number } | null;
};
async function rootData(cookie: string, path = "/"): Promise<RootData> {
  return asResponse(await rootLoader(args(getRequest(path, cookie)))).json();
}

const withParams = (request: Request, params: Record<string, string>) => ({
  request,
  params,
  context: {},
});

async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

beforeEach(async () => {
  const db = await getDb();
  await db.execute(sql`DELETE FROM alerts`);
});

describe("who sees an alert", () => {
  it("never shows an editor-only alert to a member, even by a guessed id or URL", async () => {
    const member = await makeUser();
    const editor = await makeUser({ roles: ["editor"] });
    const memberCookie = await sessionCookie(member);
    const editorCookie = await sessionCookie(editor);
    const alertId = await makeAlert({ title: "Editors only", audienceRoles: ["editor"] });
    const releaseId = await makeAlert({
      title: "Editors' release",
      alertType: "release",
      audienceRoles: ["editor"],
    });

    const seen = await rootData(memberCookie);
    expect(seen.siteAlert).toBeNull();
    expect(seen.releasePopup).toBeNull();
    expect(seen.badgeCount).toBe(0);
    const list = await asResponse(
      await alertsLoader(args(getRequest("/alerts", memberCookie))),
    ).json();
    expect(list.alerts).toEqual([]);
    const releases = await asResponse(
      await allReleasesLoader(args(getRequest("/allreleases", memberCookie))),
    ).json();
    expect(releases.releases).toEqual([]);
    expect(
      await status(() =>
        alertLoader(
          withParams(getRequest(`/alerts/${alertId}`, memberCookie), { alertId: String(alertId) }),
        ),
      ),
    ).toBe(404);
    expect(
      await status(() =>
        releaseLoader(
          withParams(getRequest(`/releases/${releaseId}`, memberCookie), {
            releaseId: String(releaseId),
          }),
        ),
      ),
    ).toBe(404);
    // A guessed id posted as "closed" marks nothing.
    const closed = asResponse(
      await viewedAction(
        args(postRequest("/alerts/viewed", { alertId: String(alertId), js: "1" }, memberCookie)),
      ),
    );
    expect(await closed.json()).toEqual({ marked: 0 });

    const editorSees = await rootData(editorCookie);
    expect(editorSees.siteAlert?.alert.title).toBe("Editors only");
    expect(editorSees.releasePopup?.message).toBe("Editors' release has been released");
    expect(editorSees.badgeCount).toBe(2);
    expect(
      await status(() =>
        alertLoader(
          withParams(getRequest(`/alerts/${alertId}`, editorCookie), { alertId: String(alertId) }),
        ),
      ),
    ).toBe(200);
  });

  it("shows an alert for everyone to every signed-in role", async () => {
    await makeAlert({ title: "For all" });
    for (const roles of [[], ["admin"], ["editor"], ["reportadmin"], ["websitealerts"]]) {
      const data = await rootData(await sessionCookie(await makeUser({ roles })));
      expect(data.siteAlert?.alert.title).toBe("For all");
    }
  });

  it("shows an alert between its notify and expire dates only, and a disabled one never", async () => {
    const cookie = await sessionCookie(await makeUser());
    const now = Date.now();
    await makeAlert({
      title: "Not yet",
      notifyDate: new Date(now + HOUR),
      expireDate: new Date(now + DAY),
    });
    await makeAlert({
      title: "Expired",
      notifyDate: new Date(now - DAY),
      expireDate: new Date(now - 1000),
    });
    await makeAlert({ title: "Disabled", isEnabled: false });
    expect((await rootData(cookie)).siteAlert).toBeNull();
    const current = await makeAlert({
      title: "Now",
      notifyDate: new Date(now - 1000),
      expireDate: new Date(now + HOUR),
    });
    const data = await rootData(cookie);
    expect(data.siteAlert?.alert.alertId).toBe(current);
    expect(data.siteAlert?.more).toBe(0);
    // Another process (or an operator) ends it: the next page no longer shows it.
    const db = await getDb();
    await db.execute(
      sql`UPDATE alerts SET expire_date = now() - interval '1 second', notify_date = now() - interval '1 hour' WHERE id = ${current}`,
    );
    expect((await rootData(cookie)).siteAlert).toBeNull();
  });

  it("puts the most severe, then the newest, first, with how many more", async () => {
    const cookie = await sessionCookie(await makeUser());
    const now = Date.now();
    await makeAlert({
      title: "Old warning",
      severity: "warning",
      notifyDate: new Date(now - 3 * HOUR),
    });
    await makeAlert({
      title: "New warning",
      severity: "warning",
      notifyDate: new Date(now - HOUR),
    });
    await makeAlert({ title: "Info", severity: "information" });
    const data = await rootData(cookie);
    expect(data.siteAlert?.alert.title).toBe("New warning");
    expect(data.siteAlert?.more).toBe(2);
    await makeAlert({
      title: "Critical",
      severity: "critical",
      notifyDate: new Date(now - 5 * HOUR),
    });
    const after = await rootData(cookie);
    expect(after.siteAlert?.alert).toMatchObject({ title: "Critical", severity: "error" });
    expect(after.siteAlert?.more).toBe(3);
    // On the list of all alerts the bar steps aside.
    expect((await rootData(cookie, "/alerts")).siteAlert).toBeNull();
  });
});

describe("the severity mapping", () => {
  it("shows critical as error, information or info as info, the others as themselves", () => {
    expect(barSeverity("critical")).toBe("error");
    expect(barSeverity("warning")).toBe("warning");
    expect(barSeverity("information")).toBe("info");
    expect(barSeverity("info")).toBe("info");
    expect(barSeverity("success")).toBe("success");
    // Any other severity shows as error.
    expect(barSeverity("anything else")).toBe("error");
  });

  it("reaches the bar as mapped", async () => {
    const cookie = await sessionCookie(await makeUser());
    for (const [stored, shown] of [
      ["critical", "error"],
      ["warning", "warning"],
      ["information", "info"],
      ["info", "info"],
      ["success", "success"],
    ] as const) {
      const db = await getDb();
      await db.execute(sql`DELETE FROM alerts`);
      await makeAlert({ severity: stored });
      expect((await rootData(cookie)).siteAlert?.alert.severity).toBe(shown);
    }
  });
});

describe("closing an alert", () => {
  it("is remembered for the user on every device, and reading it closes it too", async () => {
    const user = await makeUser();
    const phone = await sessionCookie(user);
    const laptop = await sessionCookie(user);
    const first = await makeAlert({ title: "First", severity: "critical" });
    const second = await makeAlert({ title: "Second", severity: "warning" });
    const closing = await redirected(() =>
      viewedAction(
        args(
          postRequest(
            "/alerts/viewed",
            { alertId: String(first), redirectTo: "/search?q=a" },
            phone,
          ),
        ),
      ),
    );
    expect(closing.status).toBe(303);
    expect(closing.headers.get("Location")).toBe("/search?q=a");
    const elsewhere = await rootData(laptop);
    expect(elsewhere.siteAlert?.alert.title).toBe("Second");
    expect(elsewhere.badgeCount).toBe(1);
    // 'Close and View Details': its page marks it read.
    await alertLoader(
      withParams(getRequest(`/alerts/${second}`, laptop), { alertId: String(second) }),
    );
    const after = await rootData(phone);
    expect(after.siteAlert).toBeNull();
    expect(after.badgeCount).toBe(0);
    // A fresh sign-in is one more device.
    expect((await rootData(await sessionCookie(user))).siteAlert).toBeNull();
  });

  it("keeps the marks until a day after the alert expires, then the jobs delete them", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const recent = await makeAlert({ title: "Recently expired" });
    const old = await makeAlert({ title: "Long expired" });
    await viewedAction(
      args(
        postRequest("/alerts/viewed", { alertId: [String(recent), String(old)], js: "1" }, cookie),
      ),
    );
    const db = await getDb();
    await db.execute(sql`UPDATE alerts SET notify_date = now() - interval '5 days',
      expire_date = now() - interval '23 hours' WHERE id = ${recent}`);
    await db.execute(sql`UPDATE alerts SET notify_date = now() - interval '5 days',
      expire_date = now() - interval '25 hours' WHERE id = ${old}`);
    const marks = async () =>
      (
        await db
          .select({ alertId: schema.alertViews.alertId })
          .from(schema.alertViews)
          .where(sql`${schema.alertViews.userId} = ${user.id}`)
      )
        .map((row) => row.alertId)
        .sort();
    expect(await marks()).toEqual([recent, old].sort());
    expect((await runJobs()).prunedAlertViews).toBe(1);
    expect(await marks()).toEqual([recent]);
    expect(await pruneAlertViews()).toBe(0);
  });
});

describe("release popups", () => {
  it("announces one new release by its title and popupDuration, several as a count for 30 s", async () => {
    const cookie = await sessionCookie(await makeUser());
    const first = await makeAlert({
      alertType: "release",
      title: "Version 3.0",
      popupDuration: 5000,
    });
    const one = await rootData(cookie);
    expect(one.releasePopup).toEqual({
      alertIds: [first],
      message: "Version 3.0 has been released",
      duration: 5000,
    });
    // A release is not a bar alert.
    expect(one.siteAlert).toBeNull();
    const second = await makeAlert({ alertType: "release", title: "Version 3.1" });
    const two = await rootData(cookie);
    expect(two.releasePopup).toEqual({
      alertIds: [second, first],
      message: "Horizon Scanning Database released 2 new versions",
      duration: 30_000,
    });
    expect(two.badgeCount).toBe(2);
    // Dismissed: gone, on every device.
    await viewedAction(
      args(
        postRequest(
          "/alerts/viewed",
          { alertId: [String(first), String(second)], js: "1" },
          cookie,
        ),
      ),
    );
    expect((await rootData(cookie)).releasePopup).toBeNull();
  });

  it("lists releases newest update first, and opening the list counts as having seen them", async () => {
    const cookie = await sessionCookie(await makeUser());
    const older = await makeAlert({ alertType: "release", title: "Older" });
    const newer = await makeAlert({ alertType: "release", title: "Newer" });
    await makeAlert({ alertType: "announcement", title: "Not a release" });
    const db = await getDb();
    await db.execute(
      sql`UPDATE alerts SET updated_at = now() - interval '2 days' WHERE id = ${older}`,
    );
    const page = await asResponse(
      await allReleasesLoader(args(getRequest("/allreleases", cookie))),
    ).json();
    expect(page.releases.map((r: { alertId: number }) => r.alertId)).toEqual([newer, older]);
    expect((await rootData(cookie)).releasePopup).toBeNull();
    // A release page shows a release; another kind of alert is not found there.
    const notRelease = (
      await db
        .select({ id: schema.alerts.id })
        .from(schema.alerts)
        .where(sql`${schema.alerts.alertType} = 'announcement'`)
    )[0].id;
    expect(
      await status(() =>
        releaseLoader(
          withParams(getRequest(`/releases/${newer}`, cookie), { releaseId: String(newer) }),
        ),
      ),
    ).toBe(200);
    for (const id of [String(notRelease), "999999", "abc"]) {
      expect(
        await status(() =>
          releaseLoader(withParams(getRequest(`/releases/${id}`, cookie), { releaseId: id })),
        ),
      ).toBe(404);
    }
  });
});

describe("the avatar badge", () => {
  it("counts active alerts not closed plus the record notifications not cleared", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    await makeAlert({ title: "One" });
    await makeAlert({ title: "Two", severity: "critical" });
    await makeAlert({ title: "Release", alertType: "release" });
    await makeAlert({ title: "For admins", audienceRoles: ["admin"] });
    const data = await rootData(cookie);
    expect(data.badgeCount).toBe(3 + data.notificationCount);
    const [two] = (await asResponse(await alertsLoader(args(getRequest("/alerts", cookie)))).json())
      .alerts;
    await viewedAction(
      args(postRequest("/alerts/viewed", { alertId: String(two.alertId), js: "1" }, cookie)),
    );
    expect((await rootData(cookie)).badgeCount).toBe(2 + data.notificationCount);
  });
});

describe("the staff page, /dashboard/alerts", () => {
  const form = (overrides: Record<string, string | string[]> = {}) => ({
    title: "Maintenance tonight",
    summary: "Down for ten minutes at 22:00 UTC.",
    content: "We **upgrade** the database.",
    alertType: "maintenance",
    severity: "warning",
    audienceRoles: [] as string[],
    tags: "maintenance, database",
    popupDuration: "3000",
    notifyDate: "2026-01-01T09:00",
    expireDate: "2099-01-01T09:00",
    requestedBy: "Operations",
    isEnabled: "on",
    intent: "save",
    ...overrides,
  });

  it("requires websitealerts on every loader and action", async () => {
    const alertId = String(await makeAlert({ title: "Guarded" }));
    for (const roles of [[], ["admin"], ["editor"], ["reportadmin"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      const calls = [
        () => listLoader(args(getRequest("/dashboard/alerts", cookie))),
        () =>
          listAction(
            args(postRequest("/dashboard/alerts", { intent: "disable", alertId }, cookie)),
          ),
        () => newLoader(args(getRequest("/dashboard/alerts/new", cookie))),
        () => newAction(args(postRequest("/dashboard/alerts/new", form(), cookie))),
        () =>
          editLoader(withParams(getRequest(`/dashboard/alerts/${alertId}`, cookie), { alertId })),
        () =>
          editAction(
            withParams(
              postRequest(`/dashboard/alerts/${alertId}`, form({ title: "Hacked" }), cookie),
              {
                alertId,
              },
            ),
          ),
        () =>
          deleteLoader(
            withParams(getRequest(`/dashboard/alerts/${alertId}/delete`, cookie), { alertId }),
          ),
        () =>
          deleteAction(
            withParams(postRequest(`/dashboard/alerts/${alertId}/delete`, {}, cookie), { alertId }),
          ),
      ];
      for (const call of calls) {
        const response = await redirected(call);
        expect(response.headers.get("Location")).toBe("/notallowed");
      }
    }
    // Signed out: to the sign-in page.
    const response = await redirected(() => listLoader(args(getRequest("/dashboard/alerts"))));
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    const db = await getDb();
    const rows = await db.select().from(schema.alerts);
    expect(rows.map((row) => [row.title, row.isEnabled])).toEqual([["Guarded", true]]);
  });

  it("creates, previews, edits, disables, enables and deletes an alert", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["websitealerts"] }));
    const preview = asResponse(
      await newAction(
        args(postRequest("/dashboard/alerts/new", form({ intent: "preview" }), cookie)),
      ),
    );
    expect(preview.status).toBe(200);
    const previewed = await preview.json();
    expect(previewed.preview.contentHtml).toBe(
      "<p>We <strong>upgrade</strong> the database.</p>\n",
    );
    expect(previewed.initialValue.title).toBe("Maintenance tonight");
    const db = await getDb();
    expect(await db.select().from(schema.alerts)).toEqual([]);

    const created = await redirected(() =>
      newAction(
        args(
          postRequest(
            "/dashboard/alerts/new",
            form({ audienceRoles: ["editor", "admin"] }),
            cookie,
          ),
        ),
      ),
    );
    expect(created.headers.get("Location")).toBe("/dashboard/alerts");
    const [row] = await db.select().from(schema.alerts);
    expect(row).toMatchObject({
      title: "Maintenance tonight",
      alertType: "maintenance",
      severity: "warning",
      audienceRoles: ["editor", "admin"],
      tags: ["maintenance", "database"],
      popupDuration: 3000,
      requestedBy: "Operations",
      isEnabled: true,
    });
    expect(row.notifyDate.toISOString()).toBe("2026-01-01T09:00:00.000Z");
    const alertId = String(row.id);

    const edited = await redirected(() =>
      editAction(
        withParams(
          postRequest(
            `/dashboard/alerts/${alertId}`,
            form({ title: "Maintenance moved", isEnabled: [] }),
            cookie,
          ),
          { alertId },
        ),
      ),
    );
    expect(edited.headers.get("Location")).toBe("/dashboard/alerts");
    const [after] = await db.select().from(schema.alerts);
    expect([after.title, after.isEnabled]).toEqual(["Maintenance moved", false]);

    await redirected(() =>
      listAction(args(postRequest("/dashboard/alerts", { intent: "enable", alertId }, cookie))),
    );
    expect((await db.select().from(schema.alerts))[0].isEnabled).toBe(true);
    const list = await asResponse(
      await listLoader(args(getRequest("/dashboard/alerts", cookie))),
    ).json();
    expect(list.alerts).toMatchObject([
      { title: "Maintenance moved", state: "Showing", type: "Planned maintenance" },
    ]);

    await redirected(() =>
      deleteAction(
        withParams(postRequest(`/dashboard/alerts/${alertId}/delete`, {}, cookie), { alertId }),
      ),
    );
    expect(await db.select().from(schema.alerts)).toEqual([]);
    expect(
      await status(() =>
        editLoader(withParams(getRequest(`/dashboard/alerts/${alertId}`, cookie), { alertId })),
      ),
    ).toBe(404);
  });

  it.each(
    [
      [{ title: "" }, "title", "Enter a title"],
      [{ title: "x".repeat(201) }, "title", "The title must be 200 characters or fewer"],
      [{ summary: " " }, "summary", "Enter a summary"],
      [{ summary: "x".repeat(501) }, "summary", "The summary must be 500 characters or fewer"],
      [
        { content: "x".repeat(20_001) },
        "content",
        "The content must be 20,000 characters or fewer",
      ],
      [{ alertType: "" }, "alertType", "Choose a type"],
      [{ alertType: "party" }, "alertType", "Choose a type from the list"],
      [{ severity: "" }, "severity", "Choose a severity"],
      [{ severity: "apocalyptic" }, "severity", "Choose a severity"],
      [{ audienceRoles: ["member"] }, "audienceRoles[0]", "Choose audience roles from the list"],
      [{ tags: "x".repeat(41) }, "tags[0]", "Each tag must be 40 characters or fewer"],
      [
        { tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") },
        "tags",
        "Give 20 tags or fewer",
      ],
      [
        { popupDuration: "999" },
        "popupDuration",
        "The popup duration must be at least 1000 milliseconds (1 second)",
      ],
      [
        { popupDuration: "600001" },
        "popupDuration",
        "The popup duration must be at most 600000 milliseconds (10 minutes)",
      ],
      [
        { popupDuration: "soon" },
        "popupDuration",
        "Enter the popup duration in milliseconds, for example 3000",
      ],
      [
        { popupDuration: "1500.5" },
        "popupDuration",
        "Enter the popup duration as a whole number of milliseconds",
      ],
      [{ notifyDate: "" }, "notifyDate", "Enter the notify date"],
      [{ notifyDate: "2026-13-45T99:00" }, "notifyDate", "Enter a real notify date"],
      [
        { expireDate: "tomorrow" },
        "expireDate",
        "Enter the expire date as a date and time, for example 2026-12-01 09:00",
      ],
      [
        { expireDate: "2026-01-01T09:00" },
        "expireDate",
        "The expire date must be after the notify date",
      ],
      [
        { expireDate: "2025-12-31T09:00" },
        "expireDate",
        "The expire date must be after the notify date",
      ],
      [
        { requestedBy: "x".repeat(121) },
        "requestedBy",
        "Requested by must be 120 characters or fewer",
      ],
    ].map(([overrides, field, message]) => [field, message, overrides]) as [
      string,
      string,
      Record<string, string | string[]>,
    ][],
  )("refuses a wrong %s ('%s'), keeping what was typed", async (field, message, overrides) => {
    const cookie = await sessionCookie(await makeUser({ roles: ["websitealerts"] }));
    for (const intent of ["save", "preview"]) {
      const response = asResponse(
        await newAction(
          args(postRequest("/dashboard/alerts/new", form({ ...overrides, intent }), cookie)),
        ),
      );
      expect(response.status).toBe(400);
      const reply = await response.json();
      expect(reply.status).toBe("error");
      expect(reply.error[field]).toEqual([message]);
      expect(reply.initialValue.requestedBy).toBe(overrides.requestedBy ?? "Operations");
    }
    const db = await getDb();
    expect(await db.select().from(schema.alerts)).toEqual([]);
  });
});

describe("the demo alerts", () => {
  it("give a newcomer the bar, the popup and /allreleases at once, and an editor-only alert", async () => {
    const db = await getDb();
    expect(await seedDemoAlerts(db)).toBe(true);
    expect(await seedDemoAlerts(db)).toBe(false);
    const member = await rootData(await sessionCookie(await makeUser()));
    expect(member.siteAlert?.alert.severity).toBe("warning");
    expect(member.releasePopup?.message).toBe("Horizon Scanning Database released 3 new versions");
    const editor = await rootData(await sessionCookie(await makeUser({ roles: ["editor"] })));
    expect(editor.siteAlert?.alert.severity).toBe("error");
    const rows = await db.select().from(schema.alerts);
    expect(new Set(rows.map((row) => barSeverity(row.severity)))).toEqual(
      new Set(["error", "warning", "info", "success"]),
    );
    await db.execute(sql`DELETE FROM app_meta WHERE key = 'demo_alerts_seeded'`);
  });
});
