import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getActiveUser } from "~/models/users.server";
import { getSiteSettings } from "~/models/settings.server";
import { loader as rootLoader } from "~/root";
import { action as settingsAction, loader as settingsLoader } from "~/routes/dashboard.settings";
import { loader as accountLoader } from "~/routes/myaccount._index";
import { action as profileAction } from "~/routes/myaccount.profile";
import { args, getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { asResponse } from "../route-result";

describe("site settings", () => {
  it("refuses members and every staff role but admin, on the loader and the action", async () => {
    for (const roles of [[], ["editor"], ["reportadmin"], ["websitealerts"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      const viewing = await redirected(() =>
        settingsLoader(args(getRequest("/dashboard/settings", cookie))),
      );
      expect(viewing.headers.get("Location")).toBe("/notallowed");
      const saving = await redirected(() =>
        settingsAction(
          args(postRequest("/dashboard/settings", { environmentLabel: "Hacked" }, cookie)),
        ),
      );
      expect(saving.headers.get("Location")).toBe("/notallowed");
    }
    expect((await getSiteSettings()).environmentLabel).not.toBe("Hacked");
  });

  it("lets an admin set the environment label and switches, which the header then shows", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const response = await redirected(() =>
      settingsAction(
        args(
          postRequest(
            "/dashboard/settings",
            { environmentLabel: "QA", enableStubRecords: "on" },
            cookie,
          ),
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe("/dashboard/settings");
    expect(await getSiteSettings()).toEqual({
      environmentLabel: "QA",
      emailNotificationPopup: false,
      enableStubRecords: true,
      enableMaaIndications: false,
      // Unticked in the form: staff no longer need two-step sign-in.
      requireStaffTwoStep: false,
    });
    const root = asResponse(await rootLoader(args(getRequest("/", cookie))));
    expect((await root.json()).environmentLabel).toBe("QA");
  });

  it("shows a change made by another app process at the next request, signed in or out", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    await redirected(() =>
      settingsAction(
        args(postRequest("/dashboard/settings", { environmentLabel: "Before" }, cookie)),
      ),
    );
    const label = async (signedIn: boolean) =>
      (
        await asResponse(
          await rootLoader(args(getRequest("/about", signedIn ? cookie : undefined))),
        ).json()
      ).environmentLabel;
    expect(await label(true)).toBe("Before");
    // Another process (or an operator) writes the row: this process's copy must not outlive it.
    const db = await getDb();
    await db.execute(sql`UPDATE site_settings SET environment_label = 'After' WHERE id = 1`);
    expect(await label(true)).toBe("After");
    expect(await label(false)).toBe("After");
  });

  it("shows 'Local' on localhost when no label is set", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    await redirected(() =>
      settingsAction(args(postRequest("/dashboard/settings", { environmentLabel: "" }, cookie))),
    );
    const local = asResponse(await rootLoader(args(getRequest("/"))));
    expect((await local.json()).environmentLabel).toBe("Local");
    const live = asResponse(await rootLoader(args(new Request("https://horizon.example.org/"))));
    expect((await live.json()).environmentLabel).toBe("");
  });

  it("rejects a bad label with a message and keeps what was typed", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const response = asResponse(
      await settingsAction(
        args(
          postRequest(
            "/dashboard/settings",
            { environmentLabel: "<script>", enableMaaIndications: "on" },
            cookie,
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.environmentLabel[0]).toMatch(/^Environment label can only use/);
    expect(body.initialValue).toMatchObject({
      environmentLabel: "<script>",
      enableMaaIndications: "on",
    });
  });
});

describe("profile", () => {
  it("updates the names, and the stored user is refreshed", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const response = await redirected(() =>
      profileAction(
        args(
          postRequest(
            "/myaccount/profile",
            { firstName: "Grace", middleName: "B", lastName: "Hopper" },
            cookie,
          ),
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe("/myaccount");
    const stored = await getActiveUser(user.id);
    expect(stored).toMatchObject({
      firstName: "Grace",
      middleName: "B",
      lastName: "Hopper",
      email: user.email,
    });
    const page = asResponse(await accountLoader(args(getRequest("/myaccount", cookie))));
    expect(await page.json()).toMatchObject({ name: "Grace B Hopper" });
  });

  it("refuses bad input, keeping what was typed", async () => {
    const cookie = await sessionCookie(await makeUser());
    const bad = asResponse(
      await profileAction(
        args(
          postRequest(
            "/myaccount/profile",
            { firstName: "", lastName: "", middleName: "Q" },
            cookie,
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error).toEqual({
      firstName: ["Enter your first name"],
      lastName: ["Enter your last name"],
    });
    expect(body.initialValue.middleName).toBe("Q");
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await redirected(() =>
      profileAction(args(postRequest("/myaccount/profile", { firstName: "A" }))),
    );
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmyaccount%2Fprofile");
  });
});
