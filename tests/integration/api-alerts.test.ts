import { beforeAll, describe, expect, it } from "vitest";
import {
  createAlertOperation,
  deleteAlertOperation,
  enableAlert,
  getActiveAlerts,
  getAlertById,
  getAlerts,
  getAlertsByAlertType,
  getAlertTypes,
  updateAlertOperation,
} from "~/api/operations/alerts.server";
import { type AlertInput, createAlert, getAlert } from "~/models/alerts.server";
import { getDb } from "~/db/client.server";
import { makeUser } from "../factories";
import { apiRouteFiles, callApi, expectFailure, expectValid, tokenFor } from "./support/api";

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY);
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const unb64 = (text: string) => Buffer.from(text, "base64").toString("utf8");

const staffToken = async () => {
  const staff = await makeUser({ roles: ["websitealerts"] });
  return { staff, token: await tokenFor(staff) };
};
const memberToken = async () => tokenFor(await makeUser());

const input = (overrides: Partial<AlertInput> = {}): AlertInput => ({
  alertType: "announcement",
  title: `Alert ${Math.random().toString(36).slice(2, 8)}`,
  summary: "A summary.",
  content: "Some **content**.",
  audienceRoles: [],
  severity: "information",
  tags: [],
  popupDuration: 3000,
  notifyDate: at(-1),
  expireDate: at(5),
  requestedBy: "Product team",
  isEnabled: true,
  ...overrides,
});

// The first call loads the app and opens the database (slow on a busy machine): done here,
// under the hooks' longer timeout, rather than inside the first test's.
const PREFIX = "/api/alerts/";
beforeAll(async () => {
  await getDb();
  for (const route of apiRouteFiles().filter((each) => each.path.startsWith(PREFIX)))
    await callApi("POST", route.path.slice("/api".length));
});

const validationErrors = (body: unknown) =>
  (body as { errors: Record<string, string[]> }).errors ?? {};

describe("the API's alerts: access", () => {
  it("needs a token, and keeps the staff's calls to holders of websitealerts as /dashboard/alerts does", async () => {
    const staff = await makeUser({ roles: ["websitealerts"] });
    const id = await createAlert(input(), staff.id);
    const calls: Array<[string, Parameters<typeof callApi>[2]]> = [
      ["/alerts/getalerts", {}],
      ["/alerts/getalerttypes", {}],
      ["/alerts/getalertsbyalerttype", { query: { alertType: "release" } }],
      ["/alerts/getalert", { query: { alertId: id } }],
      ["/alerts/getactivealerts", {}],
      ["/alerts/createalert", { body: {} }],
      ["/alerts/updatealert", { body: { alertId: id } }],
      ["/alerts/deletealert", { query: { alertId: id } }],
      ["/alerts/enablealert", { query: { alertId: id } }],
    ];
    for (const [path, options] of calls)
      expectFailure(await callApi("POST", path, options), 401, "TOKEN_NOT_FOUND");

    // Admins and editors are not alert staff either: the pages ask for websitealerts only.
    for (const roles of [[], ["admin"], ["editor"], ["reportadmin"]]) {
      const token = await tokenFor(await makeUser({ roles }));
      for (const [path, options] of calls.filter(([path]) =>
        /getalerts$|getalerttypes|createalert|updatealert|deletealert|enablealert/.test(path),
      )) {
        const refused = await callApi("POST", path, { ...options, token });
        expectFailure(refused, 403, "FORBIDDEN");
        expect(refused.body).toMatchObject({ message: "Forbidden" });
      }
    }
    expect(await getAlert(id)).toMatchObject({ isEnabled: true });
  });
});

describe("the API's alerts: what staff keep", () => {
  it("answers the types, and creates an alert with base64 content and the new form's defaults", async () => {
    const { token } = await staffToken();
    const types = expectValid(
      await callApi("POST", "/alerts/getalerttypes", { token }),
      getAlertTypes.response,
    );
    expect(types.alertTypes.map((type) => type.name)).toEqual(
      expect.arrayContaining(["release", "announcement", "maintenance"]),
    );
    expect(types.alertTypes.find((type) => type.name === "maintenance")?.label).toBe(
      "Planned maintenance",
    );

    const content = "Ünïcödé — **bold** ✓ 漢字\n\n- a list";
    const created = expectValid(
      await callApi("POST", "/alerts/createalert", {
        token,
        body: {
          alertType: "maintenance",
          title: "  Planned maintenance  ",
          summary: "Saturday from 07:00 UTC.",
          content: b64(content),
          audienceRoles: ["Editor", "admin", "editor"],
          severity: "critical",
          tags: ["maintenance", " database "],
          popupDuration: 5000,
          notifyDate: "2026-12-01T09:00:00+02:00",
          expireDate: "2026-12-08T09:00",
          requestedBy: "Ops",
          isEnabled: false,
        },
      }),
      createAlertOperation.response,
      201,
    );
    expect(created).toMatchObject({
      alertType: "maintenance",
      title: "Planned maintenance",
      audienceRoles: ["editor", "admin"],
      severity: "critical",
      tags: ["maintenance", "database"],
      popupDuration: 5000,
      notifyDate: "2026-12-01T07:00:00.000Z",
      expireDate: "2026-12-08T09:00:00.000Z",
      notifyExpireDateRange: ["2026-12-01T07:00:00.000Z", "2026-12-08T09:00:00.000Z"],
      requestedBy: "Ops",
      isEnabled: false,
      viewed: false,
    });
    expect(unb64(created.content)).toBe(content);
    expect(created.contentHtml).toContain("<strong>bold</strong>");
    const stored = await getAlert(created.alertId);
    expect(stored).toMatchObject({ content, isEnabled: false, severity: "critical" });

    // Only the required fields: the new-alert form's values for the rest.
    const before = Date.now();
    const minimal = expectValid(
      await callApi("POST", "/alerts/createalert", {
        token,
        body: { alertType: "announcement", title: "Hello", summary: "Welcome." },
      }),
      createAlertOperation.response,
      201,
    );
    expect(minimal).toMatchObject({
      severity: "information",
      popupDuration: 3000,
      isEnabled: true,
      content: "",
      tags: [],
      audienceRoles: [],
      requestedBy: "",
    });
    expect(Date.parse(minimal.notifyDate)).toBeLessThanOrEqual(before);
    expect(Date.parse(minimal.notifyDate)).toBeGreaterThan(before - 2 * 60 * 1000);
    expect(Date.parse(minimal.expireDate) - Date.parse(minimal.notifyDate)).toBeCloseTo(
      30 * DAY,
      -5,
    );

    // Both are in the staff's list, by title.
    const list = expectValid(
      await callApi("POST", "/alerts/getalerts", { token }),
      getAlerts.response,
    );
    const titles = list.alerts.map((alert) => alert.title);
    expect(titles).toEqual(expect.arrayContaining(["Planned maintenance", "Hello"]));
    expect(titles).toEqual(
      [...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(list.totalCount).toBe(list.alerts.length);
    expect(list.alerts.find((alert) => alert.title === "Hello")).toMatchObject({
      requestedBy: "",
      createdDate: expect.any(String),
    });
  });

  it("pages and orders the staff's list", async () => {
    const { staff, token } = await staffToken();
    for (let n = 0; n < 3; n++) await createAlert(input({ title: `Paged ${n}` }), staff.id);
    const all = expectValid(
      await callApi("POST", "/alerts/getalerts", {
        token,
        body: { size: 1000, from: 0, orderBy: "created_date", sortOrder: "desc" },
      }),
      getAlerts.response,
    );
    const created = all.alerts.map((alert) => alert.createdDate ?? "");
    expect(created).toEqual([...created].sort().reverse());
    const page = expectValid(
      await callApi("POST", "/alerts/getalerts", {
        token,
        body: { size: 2, from: 1, orderBy: "created_date", sortOrder: "desc" },
      }),
      getAlerts.response,
    );
    expect(page.alerts.map((alert) => alert.alertId)).toEqual(
      all.alerts.slice(1, 3).map((alert) => alert.alertId),
    );
    expect(page.totalCount).toBe(all.totalCount);
    const bad = await callApi("POST", "/alerts/getalerts", {
      token,
      body: { size: 5000, orderBy: "colour" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(Object.keys(validationErrors(bad.body)).sort()).toEqual(["body.orderBy", "body.size"]);
  });

  it("refuses what the form refuses, in the form's words, and malformed bodies with the field named", async () => {
    const { token } = await staffToken();
    const count = async () =>
      expectValid(await callApi("POST", "/alerts/getalerts", { token }), getAlerts.response)
        .totalCount;
    const before = await count();
    const refused = async (body: unknown) => {
      const answer = await callApi("POST", "/alerts/createalert", { token, body });
      expectFailure(answer, 400, "VALIDATION_FAILED");
      return validationErrors(answer.body);
    };
    const valid = {
      alertType: "announcement",
      title: "T",
      summary: "S",
      notifyDate: "2026-01-01T00:00:00Z",
      expireDate: "2026-02-01T00:00:00Z",
    };

    expect(await refused({ title: "", alertType: "nope", severity: "loud" })).toMatchObject({
      "body.title": ["Enter a title"],
      "body.summary": ["Enter a summary"],
      "body.alertType": ["Choose a type from the list"],
      "body.severity": ["Choose a severity"],
    });
    expect(await refused({ ...valid, content: "not base64!" })).toEqual({
      "body.content": ["Send this field as base64 of UTF-8 text"],
    });
    // Base64 of bytes that are not UTF-8.
    expect(
      await refused({ ...valid, content: Buffer.from([0xff, 0xfe]).toString("base64") }),
    ).toEqual({ "body.content": ["Send this field as base64 of UTF-8 text"] });
    expect(await refused({ ...valid, expireDate: "2025-12-01T00:00:00Z" })).toEqual({
      "body.expireDate": ["The expire date must be after the notify date"],
    });
    expect(await refused({ ...valid, notifyDate: "next week" })).toEqual({
      "body.notifyDate": ["Enter the notify date as a date and time, for example 2026-12-01 09:00"],
    });
    expect(await refused({ ...valid, audienceRoles: ["superuser"] })).toEqual({
      "body.audienceRoles.0": ["Choose audience roles from the list"],
    });
    expect(await refused({ ...valid, tags: ["a,b"] })).toEqual({
      "body.tags.0": ["A tag cannot contain a comma"],
    });
    expect(await refused({ ...valid, popupDuration: 10 })).toEqual({
      "body.popupDuration": ["The popup duration must be at least 1000 milliseconds (1 second)"],
    });
    expect(await refused({ ...valid, content: b64("x".repeat(20_001)) })).toEqual({
      "body.content": ["The content must be 20,000 characters or fewer"],
    });
    // Malformed: wrong JSON types, and a body that is not JSON.
    expect(Object.keys(await refused({ title: 5, isEnabled: "yes", tags: "a" })).sort()).toEqual([
      "body.isEnabled",
      "body.tags",
      "body.title",
    ]);
    const notJson = await callApi("POST", "/alerts/createalert", { token, rawBody: "[" });
    expectFailure(notJson, 400, "VALIDATION_FAILED");
    expect(await count()).toBe(before);
  });

  it("updates only the fields sent, toggles enabled, and deletes", async () => {
    const { staff, token } = await staffToken();
    const id = await createAlert(
      input({ title: "Before", tags: ["one"], severity: "warning" }),
      staff.id,
    );
    const original = await getAlert(id);
    const updated = expectValid(
      await callApi("POST", "/alerts/updatealert", {
        token,
        body: {
          alertId: id,
          summary: "After.",
          content: b64("Neu: **größer**"),
          notifyExpireDateRange: ["2030-01-01T00:00:00Z", "2030-02-01T00:00:00Z"],
        },
      }),
      updateAlertOperation.response,
    );
    expect(updated).toMatchObject({
      alertId: id,
      title: "Before",
      summary: "After.",
      severity: "warning",
      tags: ["one"],
      requestedBy: "Product team",
      notifyDate: "2030-01-01T00:00:00.000Z",
      expireDate: "2030-02-01T00:00:00.000Z",
      isEnabled: true,
    });
    expect(unb64(updated.content)).toBe("Neu: **größer**");
    const stored = await getAlert(id);
    expect(stored?.content).toBe("Neu: **größer**");
    expect(stored?.updatedAt.getTime()).toBeGreaterThanOrEqual(original?.updatedAt.getTime() ?? 0);

    const blank = await callApi("POST", "/alerts/updatealert", {
      token,
      body: { alertId: id, title: " " },
    });
    expect(validationErrors(blank.body)).toEqual({ "body.title": ["Enter a title"] });
    expect((await getAlert(id))?.title).toBe("Before");
    expectFailure(
      await callApi("POST", "/alerts/updatealert", { token, body: { alertId: 987_654 } }),
      404,
      "NOT_FOUND",
    );
    const noId = await callApi("POST", "/alerts/updatealert", { token, body: { title: "x" } });
    expect(Object.keys(validationErrors(noId.body))).toEqual(["body.alertId"]);

    const off = expectValid(
      await callApi("POST", "/alerts/enablealert", { token, query: { alertId: id } }),
      enableAlert.response,
    );
    expect(off.isEnabled).toBe(false);
    expect((await getAlert(id))?.isEnabled).toBe(false);
    const on = expectValid(
      await callApi("POST", "/alerts/enablealert", { token, query: { alertId: id } }),
      enableAlert.response,
    );
    expect(on.isEnabled).toBe(true);

    const deleted = expectValid(
      await callApi("POST", "/alerts/deletealert", { token, query: { alertId: id } }),
      deleteAlertOperation.response,
    );
    expect(deleted).toEqual({
      responseCode: "SUCCESS",
      message: 'Alert "Before" deleted.',
      alertId: id,
    });
    expect(await getAlert(id)).toBeNull();
    for (const path of ["/alerts/deletealert", "/alerts/enablealert", "/alerts/getalert"])
      expectFailure(
        await callApi("POST", path, { token, query: { alertId: id } }),
        404,
        "NOT_FOUND",
      );
    const bad = await callApi("POST", "/alerts/deletealert", { token, query: { alertId: "x" } });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(Object.keys(validationErrors(bad.body))).toEqual(["query.alertId"]);
  });
});

describe("the API's alerts: what members read", () => {
  it("lists the active alerts meant for the user as the bar shows them, and reading one marks it viewed", async () => {
    const { staff } = await staffToken();
    const everyone = await createAlert(input({ severity: "critical", title: "For all" }), staff.id);
    const editors = await createAlert(input({ audienceRoles: ["editor"] }), staff.id);
    const expired = await createAlert(input({ notifyDate: at(-10), expireDate: at(-1) }), staff.id);
    const scheduled = await createAlert(input({ notifyDate: at(1), expireDate: at(3) }), staff.id);
    const disabled = await createAlert(input({ isEnabled: false }), staff.id);
    const release = await createAlert(input({ alertType: "release" }), staff.id);

    const member = await memberToken();
    const active = expectValid(
      await callApi("POST", "/alerts/getactivealerts", { token: member }),
      getActiveAlerts.response,
    );
    const ids = active.activeAlerts.map((alert) => alert.alertId);
    expect(ids).toEqual(expect.arrayContaining([everyone, release]));
    for (const hidden of [editors, expired, scheduled, disabled]) expect(ids).not.toContain(hidden);
    expect(active.activeAlerts.find((alert) => alert.alertId === everyone)).toMatchObject({
      severity: "error",
      message: "For all",
      url: `/alerts/${everyone}`,
      viewed: false,
    });
    expect(active.activeAlerts.find((alert) => alert.alertId === release)?.url).toBe(
      `/releases/${release}`,
    );
    // The most severe first.
    expect(active.activeAlerts[0].severity).toBe("error");

    const editor = await tokenFor(await makeUser({ roles: ["editor"] }));
    const forEditor = expectValid(
      await callApi("POST", "/alerts/getactivealerts", { token: editor }),
      getActiveAlerts.response,
    );
    expect(forEditor.activeAlerts.map((alert) => alert.alertId)).toContain(editors);

    // Reading one: the alert as stored, and from then on viewed, on every device.
    const read = expectValid(
      await callApi("POST", "/alerts/getalert", { token: member, query: { alertId: everyone } }),
      getAlertById.response,
    );
    expect(read).toMatchObject({ alertId: everyone, severity: "critical", viewed: false });
    expect(read).not.toHaveProperty("requestedBy");
    expect(unb64(read.content)).toBe("Some **content**.");
    const again = expectValid(
      await callApi("POST", "/alerts/getactivealerts", { token: member }),
      getActiveAlerts.response,
    );
    expect(again.activeAlerts.find((alert) => alert.alertId === everyone)?.viewed).toBe(true);

    // What is not meant for the user is not found, whatever the id; an expired one still reads.
    for (const hidden of [editors, scheduled, disabled, 987_654])
      expectFailure(
        await callApi("POST", "/alerts/getalert", { token: member, query: { alertId: hidden } }),
        404,
        "NOT_FOUND",
      );
    expectValid(
      await callApi("POST", "/alerts/getalert", { token: member, query: { alertId: expired } }),
      getAlertById.response,
    );
    // Staff read any alert, with the staff's fields.
    const { token: staffTokenValue } = await staffToken();
    const staffRead = expectValid(
      await callApi("POST", "/alerts/getalert", {
        token: staffTokenValue,
        query: { alertId: disabled },
      }),
      getAlertById.response,
    );
    expect(staffRead).toMatchObject({
      isEnabled: false,
      requestedBy: "Product team",
      createdDate: expect.any(String),
    });
  });

  it("lists the releases by type, newest update first, expired ones too; listing counts them as seen", async () => {
    const { staff } = await staffToken();
    const old = await createAlert(
      input({ alertType: "release", title: "v1", notifyDate: at(-30), expireDate: at(-20) }),
      staff.id,
    );
    const current = await createAlert(input({ alertType: "release", title: "v2" }), staff.id);
    const forAdmins = await createAlert(
      input({ alertType: "release", title: "v2-admin", audienceRoles: ["admin"] }),
      staff.id,
    );
    const notRelease = await createAlert(input({ alertType: "data" }), staff.id);
    // The newest update first: v1 is edited last.
    await callApi("POST", "/alerts/updatealert", {
      token: await tokenFor(staff),
      body: { alertId: old, summary: "Edited." },
    });

    const member = await memberToken();
    const releases = expectValid(
      await callApi("POST", "/alerts/getalertsbyalerttype", {
        token: member,
        query: {
          alertType: "release",
          size: 1000,
          from: 0,
          orderBy: "updated_date",
          sortOrder: "desc",
        },
      }),
      getAlertsByAlertType.response,
    );
    const ids = releases.alerts.map((alert) => alert.alertId);
    expect(ids).toEqual(expect.arrayContaining([old, current]));
    expect(ids).not.toContain(forAdmins);
    expect(ids).not.toContain(notRelease);
    expect(ids.indexOf(old)).toBeLessThan(ids.indexOf(current));
    expect(releases.alerts.every((alert) => alert.alertType === "release")).toBe(true);
    expect(releases.alerts.find((alert) => alert.alertId === current)).toMatchObject({
      viewed: false,
      contentHtml: expect.stringContaining("<strong>content</strong>"),
    });
    expect(releases.totalCount).toBe(releases.alerts.length);

    // As on /allreleases: the active ones listed are seen now (no popup again).
    const active = expectValid(
      await callApi("POST", "/alerts/getactivealerts", { token: member }),
      getActiveAlerts.response,
    );
    expect(active.activeAlerts.find((alert) => alert.alertId === current)?.viewed).toBe(true);
    const second = expectValid(
      await callApi("POST", "/alerts/getalertsbyalerttype", {
        token: member,
        query: { alertType: "release", size: 1, from: 1 },
      }),
      getAlertsByAlertType.response,
    );
    expect(second.alerts.map((alert) => alert.alertId)).toEqual([ids[1]]);
    expect(second.totalCount).toBe(releases.totalCount);

    const byTitle = expectValid(
      await callApi("POST", "/alerts/getalertsbyalerttype", {
        token: member,
        query: { alertType: "release", orderBy: "title", sortOrder: "asc" },
      }),
      getAlertsByAlertType.response,
    );
    const titles = byTitle.alerts.map((alert) => alert.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());

    const unknown = await callApi("POST", "/alerts/getalertsbyalerttype", {
      token: member,
      query: { alertType: "gossip" },
    });
    expectFailure(unknown, 400, "VALIDATION_FAILED");
    expect(validationErrors(unknown.body)).toEqual({
      "query.alertType": ["Choose a type from the list"],
    });
    const badSize = await callApi("POST", "/alerts/getalertsbyalerttype", {
      token: member,
      query: { alertType: "release", size: "lots", sortOrder: "up" },
    });
    expect(Object.keys(validationErrors(badSize.body)).sort()).toEqual([
      "query.size",
      "query.sortOrder",
    ]);
  });
});
