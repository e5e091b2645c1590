import { describe, expect, it } from "vitest";
import { countNewNotifications } from "~/models/notifications.server";
import { applyImport } from "~/models/record-import.server";
import { textChunks } from "~/records/read-items.server";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/dashboard";
import { loader as indexLoader } from "~/routes/dashboard._index";
import {
  action as notificationsAction,
  loader as notificationsLoader,
} from "~/routes/dashboard.notifications";
import { loader as overviewLoader } from "~/routes/dashboard.overview";
import { action as savedAction, loader as savedLoader } from "~/routes/dashboard.savedsearches";
import {
  action as saveAction,
  loader as saveLoader,
  NO_SEARCH,
} from "~/routes/dashboard.savedsearches_.new";
import { loader as membersLoader } from "~/routes/members";
import { loader as recordLoader } from "~/routes/record.$hssId";
import { loader as searchLoader } from "~/routes/search";
import { args, getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { exampleRecords, jsonLines, progressedExample } from "../records";
import { asResponse } from "../route-result";

const json = async (response: unknown) => asResponse(response).json();
const publish = (records: unknown[]) =>
  applyImport(() => textChunks(jsonLines(records)), {
    mode: "publish",
    source: "cli",
    filename: "dashboard.jsonl",
  });

describe("the dashboard", () => {
  it("requires sign-in on every page and form", async () => {
    for (const run of [
      () => layoutLoader(args(getRequest("/dashboard"))),
      () => indexLoader(args(getRequest("/dashboard"))),
      () => overviewLoader(args(getRequest("/dashboard/overview"))),
      () => notificationsLoader(args(getRequest("/dashboard/notifications"))),
      () => notificationsAction(args(postRequest("/dashboard/notifications", { intent: "clear" }))),
      () => membersLoader(args(getRequest("/members"))),
    ]) {
      expect((await redirected(run)).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("redirects /dashboard to the notifications, and lists exactly the pages each user may open", async () => {
    const member = await sessionCookie(await makeUser());
    expect(
      (await redirected(() => indexLoader(args(getRequest("/dashboard", member))))).headers.get(
        "Location",
      ),
    ).toBe("/dashboard/notifications");
    const labels = async (cookie: string) =>
      (await json(await layoutLoader(args(getRequest("/dashboard", cookie))))).pages.map(
        (page: { label: string }) => page.label,
      );
    const everyone = ["Notifications", "Overview", "Saved searches"];
    expect(await labels(member)).toEqual(everyone);
    expect(await labels(await sessionCookie(await makeUser({ roles: ["editor"] })))).toEqual([
      ...everyone,
      "Manage records",
      "Manage FAQs",
      "Manage glossary",
      "Manage HIRs",
      "Manage HIR topics",
      "Manage imaging and diagnostics",
    ]);
    expect(await labels(await sessionCookie(await makeUser({ roles: ["reportadmin"] })))).toEqual([
      ...everyone,
      "User reports",
    ]);
    expect(await labels(await sessionCookie(await makeUser({ roles: ["admin"] })))).toEqual([
      ...everyone,
      "Manage records",
      "Manage FAQs",
      "Manage glossary",
      "Manage HIRs",
      "Manage HIR topics",
      "Manage imaging and diagnostics",
      "Users",
      "User reports",
      "Site settings",
    ]);
  });

  it("shows the member's recently viewed records and searches, newest first and each once, and the recently updated records", async () => {
    const [first, second] = exampleRecords();
    await publish([first, second]);
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const view = (hssId: string) =>
      recordLoader({ ...args(getRequest(`/record/${hssId}`, cookie)), params: { hssId } });
    await view(first.hssId);
    await view(second.hssId);
    await view(first.hssId);
    await searchLoader(args(getRequest("/search?q=lymphoma", cookie)));
    await searchLoader(
      args(getRequest(`/search?f=${encodeURIComponent("recordStatus:Active")}`, cookie)),
    );

    const overview = await json(
      await overviewLoader(args(getRequest("/dashboard/overview", cookie))),
    );
    expect(overview.viewed.map((record: { hssId: string }) => record.hssId)).toEqual([
      first.hssId,
      second.hssId,
    ]);
    expect(
      overview.searches.map((search: { text: string; href: string }) => [search.text, search.href]),
    ).toEqual([
      // One quoting style for every value, typographic quotes.
      ["Record status is “Active”", "/search?f=recordStatus%3AActive"],
      ["Any field matches “lymphoma”", "/search?q=lymphoma"],
    ]);
    const updated = overview.updated.map((record: { hssId: string }) => record.hssId);
    expect(updated).toHaveLength(Math.min(10, updated.length));
    expect(updated).toEqual(expect.arrayContaining([first.hssId, second.hssId]));
  });

  it("caps each list at 10", async () => {
    const cookie = await sessionCookie(await makeUser());
    for (let n = 0; n < 12; n++) await searchLoader(args(getRequest(`/search?q=term${n}`, cookie)));
    const overview = await json(
      await overviewLoader(args(getRequest("/dashboard/overview", cookie))),
    );
    expect(overview.searches).toHaveLength(10);
    expect(overview.searches[0].href).toBe("/search?q=term11");
  });
});

describe("notifications", () => {
  it("list a changed record with what changed, count it as new until cleared", async () => {
    const [record] = exampleRecords();
    await publish([record]);
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const before = await countNewNotifications(user.id);
    await publish([progressedExample(record)]);
    expect(await countNewNotifications(user.id)).toBe(before + 1);
    // The header's badge, read in the session's statement, agrees.
    const badge = async () =>
      (await json(await rootLoader(args(getRequest("/about", cookie))))).notificationCount;
    expect(await badge()).toBe(before + 1);
    // The members' page tells of it too.
    expect((await json(await membersLoader(args(getRequest("/members", cookie))))).newCount).toBe(
      before + 1,
    );

    const data = await json(
      await notificationsLoader(args(getRequest("/dashboard/notifications", cookie))),
    );
    const entry = data.days
      .flatMap((day: { records: unknown[] }) => day.records)
      .find((item: { hssId: string }) => item.hssId === record.hssId);
    expect(entry.isNew).toBe(true);
    expect(entry.fields).toEqual(expect.arrayContaining(["Last updated", "EMA › Status"]));
    expect(data.days[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const cleared = asResponse(
      await notificationsAction(
        args(postRequest("/dashboard/notifications", { intent: "clear" }, cookie)),
      ),
    );
    expect(cleared.status).toBe(303);
    expect(await countNewNotifications(user.id)).toBe(0);
    expect(await badge()).toBe(0);
    const after = await json(
      await notificationsLoader(args(getRequest("/dashboard/notifications", cookie))),
    );
    expect(after.newCount).toBe(0);
    expect(
      after.days
        .flatMap((day: { records: Array<{ hssId: string }> }) => day.records)
        .map((item: { hssId: string }) => item.hssId),
    ).toContain(record.hssId);
  });
});

describe("saved searches", () => {
  const list = async (cookie: string) =>
    (await json(await savedLoader(args(getRequest("/dashboard/savedsearches", cookie))))).searches;
  const save = (cookie: string, query: string, title: string) =>
    saveAction(
      args(
        postRequest(`/dashboard/savedsearches/new${query ? `?${query}` : ""}`, { title }, cookie),
      ),
    );

  it("require sign-in", async () => {
    for (const run of [
      () => savedLoader(args(getRequest("/dashboard/savedsearches"))),
      () =>
        savedAction(args(postRequest("/dashboard/savedsearches", { intent: "delete", id: "1" }))),
      () => saveLoader(args(getRequest("/dashboard/savedsearches/new?q=x"))),
      () => saveAction(args(postRequest("/dashboard/savedsearches/new?q=x", { title: "x" }))),
    ]) {
      expect((await redirected(run)).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("are saved from a search, listed in readable form, run, renamed, given an alert and deleted", async () => {
    const cookie = await sessionCookie(await makeUser());
    const query = `q=lymphoma&f=${encodeURIComponent("recordStatus:Active")}&page=3`;
    const form = await json(
      await saveLoader(args(getRequest(`/dashboard/savedsearches/new?${query}`, cookie))),
    );
    expect(form.text).toBe('Any field matches lymphoma AND Record status is "Active"');
    const saved = asResponse(await save(cookie, query, "  Active lymphoma  "));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/dashboard/savedsearches");

    const [item] = await list(cookie);
    // Saved from its first page.
    expect(item).toMatchObject({
      title: "Active lymphoma",
      href: "/search?q=lymphoma&f=recordStatus%3AActive",
      alertFrequency: "none",
    });
    expect(item.text).toBe(form.text);

    await savedAction(
      args(
        postRequest(
          "/dashboard/savedsearches",
          { intent: "rename", id: String(item.id), title: "Lymphoma, active" },
          cookie,
        ),
      ),
    );
    await savedAction(
      args(
        postRequest(
          "/dashboard/savedsearches",
          { intent: "alert", id: String(item.id), alertFrequency: "daily" },
          cookie,
        ),
      ),
    );
    expect((await list(cookie))[0]).toMatchObject({
      title: "Lymphoma, active",
      alertFrequency: "daily",
    });

    const empty = asResponse(
      await savedAction(
        args(
          postRequest(
            "/dashboard/savedsearches",
            { intent: "rename", id: String(item.id), title: "   " },
            cookie,
          ),
        ),
      ),
    );
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      status: "error",
      id: item.id,
      title: "   ",
      error: "Enter a title",
    });

    await savedAction(
      args(
        postRequest("/dashboard/savedsearches", { intent: "delete", id: String(item.id) }, cookie),
      ),
    );
    expect(await list(cookie)).toEqual([]);
  });

  it("say 'No search request found' when there is no search to save", async () => {
    const cookie = await sessionCookie(await makeUser());
    expect(
      (await json(await saveLoader(args(getRequest("/dashboard/savedsearches/new", cookie))))).text,
    ).toBeNull();
    const response = asResponse(await save(cookie, "", "Everything"));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(NO_SEARCH);
    expect(await list(cookie)).toEqual([]);
  });

  it("are one member's own: another member can neither see nor change them", async () => {
    const owner = await sessionCookie(await makeUser());
    await save(owner, "q=asthma", "Asthma");
    const [item] = await list(owner);
    const other = await sessionCookie(await makeUser());
    expect(await list(other)).toEqual([]);
    const attempts: Array<Record<string, string>> = [
      { intent: "rename", id: String(item.id), title: "Mine now" },
      { intent: "alert", id: String(item.id), alertFrequency: "weekly" },
      { intent: "delete", id: String(item.id) },
    ];
    for (const fields of attempts) {
      const thrown = await savedAction(
        args(postRequest("/dashboard/savedsearches", fields, other)),
      ).catch((error) => error);
      expect(asResponse(thrown).status).toBe(404);
    }
    expect((await list(owner))[0]).toMatchObject({ title: "Asthma", alertFrequency: "none" });
  });
});
