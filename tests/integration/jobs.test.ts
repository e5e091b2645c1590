import { describe, expect, it } from "vitest";
import { getDb, queryRows, sql } from "~/db/client.server";
import { runJobs } from "~/jobs/scheduled.server";
import { stopLink } from "~/lib/stop-links.server";
import {
  ENROLL_NOTIFICATION_SUCCESS,
  enrolInNotifications,
  getEmailNotifications,
} from "~/models/notifications.server";
import { applyImport } from "~/models/record-import.server";
import { saveSearch, setAlertFrequency } from "~/models/saved-searches.server";
import { updateSiteSettings } from "~/models/settings.server";
import { textChunks } from "~/records/read-items.server";
import { DEFAULT_SEARCH } from "~/search/request";
import { action as notificationsAction } from "~/routes/dashboard.notifications";
import { ENROLMENT_FAILED } from "~/models/notifications.server";
import { loader as rootLoader } from "~/root";
import { action as stopAction, loader as stopLoader } from "~/routes/unsubscribe";
import { args, getRequest, makeUser, postRequest, sessionCookie } from "../factories";
import { exampleRecords, jsonLines, progressedExample } from "../records";
import { asResponse } from "../route-result";

const publish = (records: unknown[]) =>
  applyImport(() => textChunks(jsonLines(records)), {
    mode: "publish",
    source: "cli",
    filename: "jobs.jsonl",
  });
const mailTo = async (email: string) => {
  const db = await getDb();
  return queryRows<{ subject: string; text_body: string }>(
    db,
    sql`SELECT subject, text_body FROM outbox WHERE to_address = ${email} ORDER BY id`,
  );
};
const byHssId = (hssId: string) => ({
  ...DEFAULT_SEARCH,
  isAdvancedSearch: true,
  advanceSearchFilter: [
    {
      filterId: "hssId",
      operator: "is" as const,
      fieldValue: hssId,
      dateFrom: "",
      dateTo: "",
      join: "and" as const,
    },
  ],
});

describe("saved-search alerts", () => {
  it("email once about a matching record that changed, never about others, and not again until something changes", async () => {
    const [a, b] = exampleRecords();
    await publish([a, b]);
    const user = await makeUser();
    const id = await saveSearch(user.id, "Watch A", byHssId(a.hssId));
    const quiet = await saveSearch(user.id, "Watch nothing", byHssId("NO-SUCH-RECORD"));
    await setAlertFrequency(user.id, id, "daily");
    await setAlertFrequency(user.id, quiet, "weekly");
    await runJobs();
    expect(await mailTo(user.email)).toEqual([]);

    await publish([progressedExample(a), b]);
    await runJobs();
    const mail = await mailTo(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Saved search alert: 1 new or changed record for “Watch A”");
    expect(mail[0].text_body).toContain(a.hssId);
    expect(mail[0].text_body).not.toContain(b.hssId);
    expect(mail[0].text_body).toContain(stopLink("alert", id));

    await runJobs();
    expect(await mailTo(user.email)).toHaveLength(1);
    // The first search of a fresh database builds its search rows: give it time.
  }, 60_000);

  it("send one email when two runs go at once (rows are claimed with SKIP LOCKED)", async () => {
    const [a, b] = exampleRecords();
    await publish([a, b]);
    const user = await makeUser();
    const id = await saveSearch(user.id, "Raced", byHssId(a.hssId));
    await setAlertFrequency(user.id, id, "weekly");
    await publish([progressedExample(a), b]);
    await Promise.all([runJobs(), runJobs(), runJobs()]);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it("stop with the email's link, which changes nothing until its button is pressed, and refuses a forged token", async () => {
    const user = await makeUser();
    const id = await saveSearch(user.id, "Stop me", byHssId("X"));
    await setAlertFrequency(user.id, id, "daily");
    const link = new URL(stopLink("alert", id));
    const data = await asResponse(
      await stopLoader(args(getRequest(`${link.pathname}${link.search}`))),
    ).json();
    expect(data).toEqual({
      valid: true,
      what: "the email alert for your saved search “Stop me”",
      active: true,
    });
    await stopAction(args(postRequest(`${link.pathname}${link.search}`, {})));
    const db = await getDb();
    const [row] = await queryRows<{ alert_frequency: string }>(
      db,
      sql`SELECT alert_frequency FROM saved_searches WHERE id = ${id}`,
    );
    expect(row.alert_frequency).toBe("none");

    // Another id with this token: a 404 page that says the link is not valid, and stops nothing.
    const forgedUrl = `/unsubscribe?kind=alert&id=${id + 1}&token=${link.searchParams.get("token")}`;
    const forged = asResponse(await stopLoader(args(getRequest(forgedUrl))));
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({ valid: false });
    const forgedStop = asResponse(await stopAction(args(postRequest(forgedUrl, {}))));
    expect(forgedStop.status).toBe(404);
    expect(await forgedStop.json()).toEqual({ valid: false });
  });
});

describe("the notification digest", () => {
  it("emails an enrolled member the records changed since the last digest, once", async () => {
    const [a, b] = exampleRecords();
    await publish([a, b]);
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const enrolled = asResponse(
      await notificationsAction(
        args(
          postRequest("/dashboard/notifications", { intent: "enrol", frequency: "weekly" }, cookie),
        ),
      ),
    );
    expect(enrolled.status).toBe(303);
    expect(await getEmailNotifications(user.id)).toMatchObject({
      enrolled: true,
      frequency: "weekly",
    });
    await runJobs();
    expect(await mailTo(user.email)).toEqual([]);

    await publish([progressedExample(a), b]);
    await runJobs();
    await runJobs();
    const mail = await mailTo(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain(a.hssId);
    expect(mail[0].text_body).toContain(stopLink("digest", user.id));
  });

  it("counts only a successful enrolment", async () => {
    // No such active account: not the success code, so the page says 'Enrollment was not successful'.
    expect(await enrolInNotifications(2_000_000_000, "daily")).not.toBe(
      ENROLL_NOTIFICATION_SUCCESS,
    );
    expect(ENROLMENT_FAILED).toBe("Enrollment was not successful");
    const cookie = await sessionCookie(await makeUser());
    const bad = asResponse(
      await notificationsAction(
        args(
          postRequest("/dashboard/notifications", { intent: "enrol", frequency: "hourly" }, cookie),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ status: "error", error: "Choose how often to be emailed" });
  });
});

describe("the email-notification popup", () => {
  it("shows when the site turns it on for a member not enrolled, until dismissed", async () => {
    const admin = await makeUser({ roles: ["admin"] });
    const base = {
      environmentLabel: "",
      enableStubRecords: false,
      enableMaaIndications: false,
      requireStaffTwoStep: true,
    };
    await updateSiteSettings({ ...base, emailNotificationPopup: true }, admin.id);
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const popup = async () =>
      (await asResponse(await rootLoader(args(getRequest("/about", cookie)))).json())
        .showNotificationPopup;
    expect(await popup()).toBe(true);
    const dismissed = asResponse(
      await notificationsAction(
        args(
          postRequest(
            "/dashboard/notifications",
            { intent: "dismiss-popup", redirectTo: "/about" },
            cookie,
          ),
        ),
      ),
    );
    expect(dismissed.headers.get("Location")).toBe("/about");
    expect(await popup()).toBe(false);
    await updateSiteSettings({ ...base, emailNotificationPopup: false }, admin.id);
  });
});
