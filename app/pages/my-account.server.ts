import { endDevice, listDevices, sessionIdHash } from "~/auth/session.server";
import { describeBrowser } from "~/lib/user-agent";
import { originOf } from "~/models/security-events.server";
import { countLiveApiTokens, signOutEverywhereElse } from "~/models/sign-ins.server";
import { displayName, type User } from "~/models/users.server";

/** The account page: who the user is, their live API tokens, and the devices signed in. */
export async function myAccountPage(request: Request, user: User) {
  const [devices, apiTokens] = await Promise.all([
    listDevices(request, user.id),
    countLiveApiTokens(user.id),
  ]);
  return {
    apiTokens,
    name: displayName(user),
    email: user.email,
    roles: user.roles,
    devices: devices.map((device) => ({
      id: device.id,
      browser: describeBrowser(device.userAgent),
      address: device.address,
      signedInAt: device.signedInAt,
      lastSeenAt: device.lastSeenAt,
      current: device.current,
    })),
  };
}

/**
 * Signs out one of the user's other devices, or all of them, and their API tokens with
 * them; the message says what was done.
 */
export async function signOutDevices(
  request: Request,
  userId: number,
  value: { intent: "signOutDevice"; device: string } | { intent: "signOutOthers" },
): Promise<string> {
  if (value.intent === "signOutDevice") {
    const device = (await listDevices(request, userId)).find((each) => each.id === value.device);
    // Only another of the user's own sessions: this one signs out with "Log out".
    if (!device || device.current || !(await endDevice(userId, device.id))) {
      return "That device was already signed out.";
    }
    return `Signed out ${describeBrowser(device.userAgent)}.`;
  }
  const others = (await listDevices(request, userId)).filter((each) => !each.current).length;
  // API tokens too: a token taken with a session would otherwise outlive it.
  const tokens = await signOutEverywhereElse(
    userId,
    await sessionIdHash(request),
    originOf(request),
  );
  const devices = `${others} other ${others === 1 ? "device" : "devices"}`;
  const apiTokens = `${tokens} API ${tokens === 1 ? "token" : "tokens"}`;
  return others === 0 && tokens === 0
    ? "There were no other devices to sign out."
    : others === 0
      ? `Ended ${apiTokens}.`
      : tokens === 0
        ? `Signed out ${devices}.`
        : `Signed out ${devices} and ended ${apiTokens}.`;
}
