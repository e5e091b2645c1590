/**
 * Signing in and out of the JSON API: a token for an email and password (then, for users
 * with two-step sign-in, for a code), with the pages' throttle of failed attempts.
 */
import { z } from "zod";
import { ApiError } from "~/api/errors.server";
import { defineOperation } from "~/api/operation.server";
import { issueToken, readToken, revokeToken } from "~/api/tokens.server";
import {
  CODE_GUESSES_USED,
  endSignInsAfterGuesses,
  returnCodeAttempt,
  takeCodeAttempt,
} from "~/models/code-guesses.server";
import { clientAddress } from "~/models/rate-limit.server";
import { currentRequest } from "~/lib/request-context.server";
import {
  checkSignIn,
  recordSignInFailure,
  recordSignInSuccess,
} from "~/models/sign-in-throttle.server";
import { normaliseRole } from "~/lib/roles";
import { countNewNotifications } from "~/models/notifications.server";
import { getSiteSettings } from "~/models/settings.server";
import {
  isTotpCode,
  spendRecoveryCode,
  twoStepRequired,
  twoStepStatus,
  verifyTotp,
} from "~/models/two-step.server";
import { type User, verifyLogin } from "~/models/users.server";

const GROUP = "Authentication and users";

export const signedInUser = z
  .object({
    email: z.string(),
    first_name: z.string(),
    roles: z.array(z.string()).meta({ description: "The user's roles, lower-cased." }),
    hasNotifications: z.number().int().meta({
      description: "How many records changed since the user last cleared their notifications.",
    }),
  })
  .meta({ id: "SignedInUser" });

export const tokenResponse = z
  .object({
    token: z.string().meta({ description: "Send as `Authorization: Bearer {token}`." }),
    expiresAt: z.iso.datetime(),
    user: signedInUser,
  })
  .meta({ id: "TokenResponse" });

const credentials = z.object({
  email: z.string().trim().min(1, "Enter your email address").max(320),
  password: z.string().min(1, "Enter your password").max(1000),
});

const twoStepBody = z
  .object({
    twoStepToken: z.string().min(1, "Send the twoStepToken the sign-in answered"),
    code: z.string().trim().min(1, "Enter the 6-digit code or a recovery code").max(100),
  })
  .meta({ description: "A 6-digit code from the authenticator app, or an unused recovery code." });

const address = (request: Request) => currentRequest()?.clientAddress ?? clientAddress(request);

async function tokenFor(user: User) {
  const { token, expiresAt } = await issueToken(user.id);
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    user: {
      email: user.email,
      first_name: user.firstName,
      roles: user.roles.map(normaliseRole),
      hasNotifications: await countNewNotifications(user.id),
    },
  };
}

/** The throttle's refusal as the API's 429. */
async function throttle(email: string, from: string | null) {
  const answer = await checkSignIn(email, from);
  if (!answer.allowed)
    throw new ApiError("TOO_MANY_ATTEMPTS", undefined, { detail: answer.message });
}

/** The account's code attempts are used up: its two-step tokens end (the call's among them). */
async function guessesUsed(userId: number): Promise<never> {
  await endSignInsAfterGuesses(userId);
  throw new ApiError("TOO_MANY_ATTEMPTS", undefined, { detail: CODE_GUESSES_USED });
}

export const signIn = defineOperation({
  id: "signIn",
  method: "POST",
  path: "/auth/signin",
  group: GROUP,
  summary:
    "Signs in with an email and password and answers a bearer token with the user. A user with two-step sign-in gets TWO_STEP_REQUIRED and a twoStepToken instead.",
  access: "none",
  page: "/login",
  body: credentials,
  response: tokenResponse,
  errors: [
    "INVALID_CREDENTIALS",
    "TWO_STEP_REQUIRED",
    "TWO_STEP_ENROLMENT_REQUIRED",
    "TOO_MANY_ATTEMPTS",
  ],
  example: { body: { email: "member@example.org", password: "horizon-demo" } },
  async handle({ body, request }) {
    const from = address(request);
    await throttle(body.email, from);
    const user = await verifyLogin(body.email, body.password);
    if (!user) {
      await recordSignInFailure(body.email, from);
      throw new ApiError("INVALID_CREDENTIALS");
    }
    await recordSignInSuccess(body.email, from);
    if ((await twoStepStatus(user.id)).enabled) {
      const pending = await issueToken(user.id, "two-step");
      throw new ApiError("TWO_STEP_REQUIRED", undefined, {
        twoStepToken: pending.token,
        expiresAt: pending.expiresAt.toISOString(),
      });
    }
    // Enrolment needs the website (a QR code, recovery codes to keep): staff do it there.
    if (twoStepRequired(user, await getSiteSettings()))
      throw new ApiError("TWO_STEP_ENROLMENT_REQUIRED", undefined, {
        detail:
          "Set up two-step sign-in on the website (My account, Two-step sign-in), then sign in here again.",
      });
    return tokenFor(user);
  },
});

export const signInTwoStep = defineOperation({
  id: "signInTwoStep",
  method: "POST",
  path: "/auth/signin/twostep",
  group: GROUP,
  summary:
    "Finishes a sign-in that answered TWO_STEP_REQUIRED: the twoStepToken with a code from the app or a recovery code.",
  access: "none",
  // Its credential is the twoStepToken, as the page's is a half-signed-in cookie: no page
  // rule of signed-in users applies (the access test compares the others).
  page: null,
  body: twoStepBody,
  response: tokenResponse,
  errors: ["WRONG_CODE", "TOO_MANY_ATTEMPTS"],
  example: { body: { twoStepToken: "…", code: "123456" } },
  async handle({ body, request }) {
    const pending = await readToken(body.twoStepToken, "two-step");
    if (pending.status !== "active") throw new ApiError("WRONG_CODE");
    const { user } = pending;
    const from = address(request);
    // Wrong codes count with wrong passwords, per account and address, as on the page.
    await throttle(user.email, from);
    // Per account, whatever the address, as on the page: at most MAX_CODE_ATTEMPTS are checked.
    const attempt = await takeCodeAttempt(user.id);
    if (!attempt.allowed) await guessesUsed(user.id);
    const right = isTotpCode(body.code)
      ? await verifyTotp(user.id, body.code)
      : await spendRecoveryCode(user.id, body.code);
    if (!right) {
      await recordSignInFailure(user.email, from);
      if (attempt.last) await guessesUsed(user.id);
      throw new ApiError("WRONG_CODE");
    }
    await returnCodeAttempt(user.id);
    await revokeToken(body.twoStepToken);
    return tokenFor(user);
  },
});

export const signOut = defineOperation({
  id: "signOut",
  method: "POST",
  path: "/auth/signout",
  group: GROUP,
  summary: "Ends the token the call is made with: it cannot be used again.",
  access: "user",
  // /logout lets anyone sign out (of nothing); this call needs the token it ends.
  page: null,
  response: z.object({ responseCode: z.literal("SUCCESS"), message: z.string() }),
  async handle({ request }) {
    const token = /^Bearer\s+(\S+)/i.exec(request.headers.get("authorization") ?? "")?.[1];
    if (token) await revokeToken(token);
    return { responseCode: "SUCCESS" as const, message: "Signed out: the token no longer works." };
  },
});
