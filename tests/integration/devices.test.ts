import { describe, expect, it } from "vitest";
import { requireUser } from "~/auth/auth.server";
import { runInRequest } from "~/lib/request-context.server";
import { createSession } from "~/auth/session.server";
import { action, loader } from "~/routes/myaccount._index";
import { args, getRequest, makeUser, postRequest, redirected } from "../factories";
import { asResponse } from "../route-result";

/** /myaccount lists the user's sessions, and signs out any other one or all. */

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A sign-in from a browser at an address, as the HTTP server would see it. */
async function signInFrom(userId: number, userAgent: string, address: string) {
  const request = new Request("http://localhost/login", { headers: { "User-Agent": userAgent } });
  const setCookie = await runInRequest({ id: "test", clientAddress: address }, () =>
    createSession(request, userId),
  );
  return setCookie.split(";")[0];
}

type Devices = Array<{ id: string; browser: string; address: string; current: boolean }>;
const devicesSeenBy = async (cookie: string): Promise<Devices> =>
  (
    (await asResponse(await loader(args(getRequest("/myaccount", cookie)))).json()) as {
      devices: Devices;
    }
  ).devices;

const signedIn = async (cookie: string) =>
  requireUser(getRequest("/myaccount", cookie)).then(
    () => true,
    () => false,
  );

describe("signed-in devices", () => {
  it("lists each session with its browser and address, this one first", async () => {
    const user = await makeUser();
    const chrome = await signInFrom(user.id, CHROME, "10.0.0.6");
    const firefox = await signInFrom(user.id, FIREFOX, "10.0.0.5");
    expect(await signedIn(chrome)).toBe(true);
    const devices = await devicesSeenBy(chrome);
    expect(devices.map(({ browser, address, current }) => ({ browser, address, current }))).toEqual(
      [
        { browser: "Chrome on Windows", address: "10.0.0.6", current: true },
        { browser: "Firefox on Linux", address: "10.0.0.5", current: false },
      ],
    );
    expect(await signedIn(firefox)).toBe(true);
  });

  it("signs out another device, and only the user's own", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const mine = await signInFrom(user.id, CHROME, "10.0.0.6");
    const other = await signInFrom(user.id, FIREFOX, "10.0.0.5");
    const theirs = await signInFrom(stranger.id, FIREFOX, "10.0.0.9");
    const target = (await devicesSeenBy(mine)).find((device) => !device.current);
    const response = await redirected(() =>
      action(
        args(
          postRequest("/myaccount", { intent: "signOutDevice", device: target?.id ?? "" }, mine),
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe("/myaccount#devices");
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(mine)).toBe(true);
    // Another user's session id is as if it did not exist.
    const strangers = (await devicesSeenBy(theirs))[0];
    await redirected(() =>
      action(
        args(postRequest("/myaccount", { intent: "signOutDevice", device: strangers.id }, mine)),
      ),
    );
    expect(await signedIn(theirs)).toBe(true);
  });

  it("signs out every other device at once, keeping this one", async () => {
    const user = await makeUser();
    const mine = await signInFrom(user.id, CHROME, "10.0.0.6");
    const others = [
      await signInFrom(user.id, FIREFOX, "10.0.0.5"),
      await signInFrom(user.id, FIREFOX, "10.0.0.7"),
    ];
    await redirected(() =>
      action(args(postRequest("/myaccount", { intent: "signOutOthers" }, mine))),
    );
    expect(await Promise.all(others.map(signedIn))).toEqual([false, false]);
    expect(await signedIn(mine)).toBe(true);
    expect((await devicesSeenBy(mine)).length).toBe(1);
  });

  it("refuses a form that names no device", async () => {
    const user = await makeUser();
    const mine = await signInFrom(user.id, CHROME, "10.0.0.6");
    const thrown = await action(
      args(postRequest("/myaccount", { intent: "signOutDevice", device: "nope" }, mine)),
    ).catch((error: unknown) => error);
    expect(asResponse(thrown).status).toBe(400);
  });
});
