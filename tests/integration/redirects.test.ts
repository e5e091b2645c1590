import { describe, expect, it } from "vitest";
import { enrolmentSecret, confirmEnrolment } from "~/models/two-step.server";
import { action as viewedAction } from "~/routes/alerts.viewed";
import { action as notificationsAction } from "~/routes/dashboard.notifications";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as verifyAction } from "~/routes/login_.two-step";
import { action as logoutAction } from "~/routes/logout";
import { Secret, TOTP } from "otpauth";
import {
  args,
  cookiesOf,
  getRequest,
  makeUser,
  postRequest,
  redirected,
  sessionCookie,
  TEST_PASSWORD,
} from "../factories";
import { OFF_SITE } from "../redirects/payloads";
import { asResponse } from "../route-result";

// Every return address the sign-in, two-step, sign-out and alert forms take goes through
// safeRedirect: whatever the request says, the Location stays on this site.

const location = (response: Response) => response.headers.get("Location");

describe("return addresses through the real routes", () => {
  it("a signed-in visitor to /login with a tab between the slashes goes to /", async () => {
    const cookie = await sessionCookie(await makeUser());
    // The request as the production server received it, byte for byte.
    const response = await redirected(() =>
      loginLoader(args(getRequest("/login?redirectTo=%2F%09%2Fevil.example", cookie))),
    );
    expect(location(response)).toBe("/");
  });

  it.each(OFF_SITE)("sign-in (page and form) refuses %s", async (_name, payload) => {
    const user = await makeUser();
    const query = `/login?${new URLSearchParams({ redirectTo: payload })}`;
    const cookie = await sessionCookie(user);
    const signedIn = await redirected(() => loginLoader(args(getRequest(query, cookie))));
    expect(location(signedIn)).toBe("/");
    // A signed-out visitor's form carries "/" instead of the payload.
    const page = asResponse(await loginLoader(args(getRequest(query))));
    expect(await page.json()).toEqual({ redirectTo: "/" });
    // The form posted with the payload anyway.
    const posted = await redirected(() =>
      loginAction(
        args(
          postRequest("/login", {
            email: user.email,
            password: TEST_PASSWORD,
            redirectTo: payload,
          }),
        ),
      ),
    );
    expect(location(posted)).toBe("/");
  });

  it("keeps a path on this site", async () => {
    const user = await makeUser();
    const posted = await redirected(() =>
      loginAction(
        args(
          postRequest("/login", {
            email: user.email,
            password: TEST_PASSWORD,
            redirectTo: "/search?q=caf%C3%A9#results",
          }),
        ),
      ),
    );
    expect(location(posted)).toBe("/search?q=caf%C3%A9#results");
  });

  it.each(OFF_SITE)("two-step sign-in refuses %s", async (_name, payload) => {
    const user = await makeUser();
    const { secret } = await enrolmentSecret(user);
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const recovery = (await confirmEnrolment(user.id, code)) ?? [];
    const first = await redirected(() =>
      loginAction(
        args(
          postRequest("/login", {
            email: user.email,
            password: TEST_PASSWORD,
            redirectTo: payload,
          }),
        ),
      ),
    );
    expect(location(first)).toBe("/login/two-step");
    const done = await redirected(() =>
      verifyAction(
        args(
          postRequest(
            "/login/two-step",
            { intent: "recovery", recoveryCode: recovery[0] },
            cookiesOf(first),
          ),
        ),
      ),
    );
    expect(location(done)).toBe("/");
  });

  it.each(OFF_SITE)("sign-out and closing an alert refuse %s", async (_name, payload) => {
    const cookie = await sessionCookie(await makeUser());
    const closed = await redirected(() =>
      viewedAction(
        args(postRequest("/alerts/viewed", { alertId: "1", redirectTo: payload }, cookie)),
      ),
    );
    expect(location(closed)).toBe("/");
    const out = await redirected(() =>
      logoutAction(args(postRequest("/logout", { redirectTo: payload }, cookie))),
    );
    expect(location(out)).toBe("/");
  });

  it.each(OFF_SITE)("dismissing the notifications popup refuses %s", async (_name, payload) => {
    const cookie = await sessionCookie(await makeUser());
    // Without scripts the popup's form goes back to the page it was on.
    const dismissed = await redirected(() =>
      notificationsAction(
        args(
          postRequest(
            "/dashboard/notifications",
            { intent: "dismiss-popup", js: "0", redirectTo: payload },
            cookie,
          ),
        ),
      ),
    );
    expect(location(dismissed)).toBe("/dashboard/notifications");
  });
});
