import { Secret, TOTP } from "otpauth";
import { routeDataOf } from "./route-result";

/**
 * A new store asks staff for two-step sign-in, the demo's too. The test suites and the
 * screenshot script sign in as the demo staff with their password alone, so before that the
 * demo admin does what an admin of a real site would, through the pages: signs in, sets up
 * two-step sign-in as asked, unticks "Require two-step sign-in for staff" in the site
 * settings, then turns their own two-step sign-in off again. Plain HTTP, no browser; the
 * settings the store had are kept. Nothing happens when the setting is already off.
 */
export async function turnOffStaffTwoStep(
  base: string,
  admin = { email: "admin@example.org", password: "horizon-demo" },
) {
  const cookies = new Map<string, string>();
  const send = async (path: string, body?: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: {
        Origin: base,
        Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: body ? new URLSearchParams(body) : undefined,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const expectRedirect = (response: Response, what: string) => {
    if (response.status !== 302 && response.status !== 303)
      throw new Error(`${what}: expected a redirect, got ${response.status}`);
    return response.headers.get("location") ?? "";
  };

  const signIn = await send("/login", admin);
  const next = expectRedirect(signIn, `signing in as ${admin.email}`);
  if (!next.startsWith("/myaccount/two-step")) return; // not asked: the setting is off already

  const setup = await send("/myaccount/two-step.data");
  const { secret } = await routeDataOf<{ secret?: string }>(setup, "routes/myaccount.two-step");
  if (!secret) throw new Error("the two-step set-up page gave no key");
  const code = new TOTP({ secret: Secret.fromBase32(secret.replaceAll(" ", "")) }).generate();
  expectRedirect(await send("/myaccount/two-step", { intent: "confirm", code }), "enrolling");

  const current = await send("/dashboard/settings.data");
  const { settings } = await routeDataOf<{ settings: Record<string, string | boolean> }>(
    current,
    "routes/dashboard.settings",
  );
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (name === "requireStaffTwoStep" || value === false) continue;
    form[name] = value === true ? "on" : value;
  }
  expectRedirect(await send("/dashboard/settings", form), "saving the site settings");

  expectRedirect(
    await send("/myaccount/two-step", { intent: "disable", confirmation: admin.password }),
    "turning the admin's own two-step sign-in off",
  );
  await send("/logout", {});
}
