import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import QRCode from "qrcode";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { getOptionalUser, loginUrl } from "~/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { clientAddress, hitRateLimit, isRateLimited } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  CODE_ATTEMPTS,
  ENROL_PATH,
  endPending,
  finishSignIn,
  keepCodesForDisplay,
  readPending,
  TOO_MANY_CODES,
  takeCodesForDisplay,
} from "~/auth/two-step.server";
import { getSiteSettings } from "~/models/settings.server";
import {
  auditEnrolment,
  confirmEnrolment,
  disableTwoStep,
  enrolmentSecret,
  isTotpCode,
  regenerateRecoveryCodes,
  TWO_STEP_SETTINGS_INTENTS,
  twoStepRequired,
  twoStepSettingsSchema,
  type TwoStepSettingsIntent,
  twoStepStatus,
  verifyTotp,
  WRONG_CODE,
  WRONG_CONFIRMATION,
} from "~/models/two-step.server";
import { type User, verifyLogin } from "~/models/users.server";
import { readForm } from "~/lib/body.server";
import { originOf } from "~/models/security-events.server";

type LoaderData = { view: "setup" | "codes" | "enabled" };

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.view === "codes"
      ? "Your recovery codes"
      : data?.view === "enabled"
        ? "Two-step sign-in"
        : "Set up two-step sign-in",
};

/**
 * Who is here: the signed-in user, or staff who must set up two-step before they are signed
 * in (half signed in, app/auth/two-step.server.ts). Anyone else signs in first.
 */
async function visitor(request: Request) {
  const user = await getOptionalUser(request);
  if (user) return { user, pending: null };
  const pending = await readPending(request, "enrol");
  if (pending) return { user: pending.user, pending };
  throw redirect(loginUrl(ENROL_PATH));
}

/**
 * Wrong codes count per account and client address together: only someone signed in (or
 * half-way, enrolling) is here, and a count per address alone would let one person's wrong
 * codes stop everyone behind the same hospital proxy from enrolling.
 */
function attemptKeys(user: User, request: Request, context?: ActionFunctionArgs["context"]) {
  const address = clientAddress(request, context);
  return [`user:${user.id}:${address ?? "unknown"}`];
}

async function limited(keys: string[]) {
  for (const key of keys) if (await isRateLimited(CODE_ATTEMPTS, key)) return true;
  return false;
}

/** "ABCD EFGH …": the key in groups of four, easier to read and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, pending } = await visitor(request);
  const shown = await takeCodesForDisplay(request);
  if (shown.codes) {
    return json(
      { view: "codes" as const, codes: shown.codes, next: shown.next },
      { headers: { "Set-Cookie": shown.header } },
    );
  }
  const status = await twoStepStatus(user.id);
  const required = twoStepRequired(user, await getSiteSettings());
  if (status.enabled) {
    if (pending) throw redirect("/login");
    return json({
      view: "enabled" as const,
      required,
      recoveryCodesLeft: status.recoveryCodesLeft,
    });
  }
  const { secret, uri } = await enrolmentSecret(user);
  // The wrapper is the image with its name; the SVG itself is hidden from assistive technology.
  const svg = (
    await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" })
  ).replace("<svg ", '<svg aria-hidden="true" focusable="false" ');
  return json({
    view: "setup" as const,
    required,
    enrolling: Boolean(pending),
    secret: grouped(secret),
    qrSvg: svg,
  });
}

/** A refusal shown on the form the user sent, with what they typed kept but the secret. */
type Intent = TwoStepSettingsIntent;
type Submission = ReturnType<typeof parseForm<typeof twoStepSettingsSchema>>;
function refuse(
  submission: Submission,
  form: Intent,
  status: number,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  const hideFields = form === "confirm" ? ["code"] : ["confirmation"];
  return json({ ...submission.reply({ ...errors, hideFields }), form }, { status });
}

/** A wrong code or password counts against the account at this address. */
async function countWrong(keys: string[]) {
  for (const key of keys) await hitRateLimit(CODE_ATTEMPTS, key);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, pending } = await visitor(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !TWO_STEP_SETTINGS_INTENTS.includes(intent))
    throw new Response("Unknown action", { status: 400 });
  // Changing an enrolment needs a real session, not half a sign-in.
  if (pending && (intent === "regenerate" || intent === "disable")) return redirect(ENROL_PATH);
  const submission = parseForm(formData, twoStepSettingsSchema);
  if (submission.status !== "success") return refuse(submission, intent as Intent, 400);
  const value = submission.value;
  const keys = attemptKeys(user, request, context);

  if (value.intent === "cancel") {
    // Staff who must enrol leave without signing in.
    return redirect("/", { headers: { "Set-Cookie": await endPending(request) } });
  }

  if (value.intent === "confirm") {
    if (await limited(keys))
      return refuse(submission, "confirm", 429, { formErrors: [TOO_MANY_CODES] });
    if ((await twoStepStatus(user.id)).enabled) return redirect(ENROL_PATH);
    const codes = await confirmEnrolment(user.id, value.code);
    if (!codes) {
      await countWrong(keys);
      return refuse(submission, "confirm", 400, { fieldErrors: { code: [WRONG_CODE] } });
    }
    await auditEnrolment(user.id, originOf(request));
    if (pending) {
      // Enrolled: now the staff member is signed in, and sees their codes once.
      const keep = await keepCodesForDisplay(request, codes, pending.redirectTo);
      return finishSignIn(request, user.id, ENROL_PATH, [keep]);
    }
    return redirect(ENROL_PATH, {
      headers: { "Set-Cookie": await keepCodesForDisplay(request, codes, "/myaccount") },
    });
  }

  if (!(await twoStepStatus(user.id)).enabled) return redirect(ENROL_PATH);
  if (value.intent === "disable" && twoStepRequired(user, await getSiteSettings())) {
    return refuse(submission, "disable", 403, {
      formErrors: ["Your role requires two-step sign-in: it cannot be turned off."],
    });
  }
  // Both need the password or a current code: a stolen session alone must not be able to
  // read new recovery codes (a way in for good) or take the second step away.
  if (await limited(keys))
    return refuse(submission, value.intent, 429, { formErrors: [TOO_MANY_CODES] });
  const given = value.confirmation;
  const right =
    (isTotpCode(given) && (await verifyTotp(user.id, given))) ||
    Boolean(await verifyLogin(user.email, given));
  if (!right) {
    await countWrong(keys);
    return refuse(submission, value.intent, 400, {
      fieldErrors: { confirmation: [WRONG_CONFIRMATION] },
    });
  }
  if (value.intent === "regenerate") {
    const codes = await regenerateRecoveryCodes(user.id, originOf(request));
    return redirect(ENROL_PATH, {
      headers: { "Set-Cookie": await keepCodesForDisplay(request, codes, ENROL_PATH) },
    });
  }
  await disableTwoStep(user.id, originOf(request));
  return redirectWithFlash(request, "/myaccount", {
    severity: "success",
    message: "Two-step sign-in is off. Your recovery codes and trusted browsers are removed.",
  });
}

export default function TwoStep() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="form-narrow">
      {data.view === "codes" ? (
        <RecoveryCodes codes={data.codes} next={data.next} />
      ) : data.view === "enabled" ? (
        <Enabled required={data.required} left={data.recoveryCodesLeft} />
      ) : (
        <Setup
          required={data.required}
          enrolling={data.enrolling}
          secret={data.secret}
          qrSvg={data.qrSvg}
        />
      )}
    </div>
  );
}

function Crumbs({ current }: { current: string }) {
  return <Breadcrumb items={[{ label: "My account", to: "/myaccount" }, { label: current }]} />;
}

function Setup({
  required,
  enrolling,
  secret,
  qrSvg,
}: {
  required: boolean;
  enrolling: boolean;
  secret: string;
  qrSvg: string;
}) {
  const actionData = useActionData<typeof action>();
  const lastResult =
    actionData && "form" in actionData && actionData.form === "confirm" ? actionData : undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "two-step-setup", lastResult, shouldRevalidate: "onInput" });
  return (
    <>
      {enrolling ? null : <Crumbs current="Two-step sign-in" />}
      <ErrorSummary items={summaryItems(form, [fields.code])} />
      <h1>Set up two-step sign-in</h1>
      {enrolling ? (
        <p>
          Your role requires two-step sign-in. Set it up now to finish signing in: you will not be
          signed in until you have.
        </p>
      ) : required ? (
        <p>Your role requires two-step sign-in.</p>
      ) : null}
      <p>
        After your password, you will be asked for a 6-digit code from an authenticator app on your
        phone, such as Google Authenticator, Microsoft Authenticator or 1Password. Someone who
        learns your password cannot then sign in as you.
      </p>
      <h2>1. Add this site to your app</h2>
      <p>In your authenticator app, add an account and scan this QR code.</p>
      <div
        className="qr-code"
        role="img"
        aria-label="QR code for your authenticator app. If you cannot scan it, enter the key shown below instead."
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is made on the server by the qrcode package from our own otpauth address; nothing the visitor typed is in it.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p>If you cannot scan it, enter this key in the app instead:</p>
      <p className="secret-key">
        <code>{secret}</code>
      </p>
      <p className="hint">The key is time-based (TOTP), with 6-digit codes every 30 seconds.</p>
      <h2>2. Enter a code from the app</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="confirm" />
        <TextField
          field={fields.code}
          label="6-digit code"
          hint="The code the app shows for this site now, for example 123456."
          autoComplete="one-time-code"
          inputMode="numeric"
          required
        />
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Turn on two-step sign-in
        </button>
      </Form>
      {enrolling ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="secondary">
            Cancel and sign out
          </button>
        </Form>
      ) : null}
    </>
  );
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  return (
    <>
      <h1>Your recovery codes</h1>
      <p>
        Two-step sign-in is on. If you lose your phone, each of these codes lets you sign in once
        instead of a code from the app.
      </p>
      <p>
        <strong>
          Save them now somewhere safe, such as a password manager, or print them. They are shown
          only this once.
        </strong>
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <Link to={next}>I have saved my recovery codes</Link>
      </p>
    </>
  );
}

/** The form just answered, by its name ("regenerate" or "disable"), for its own fields. */
function useAnswerOf(name: "regenerate" | "disable") {
  const actionData = useActionData<typeof action>();
  return actionData && "form" in actionData && actionData.form === name ? actionData : undefined;
}

function Enabled({ required, left }: { required: boolean; left: number }) {
  const navigation = useNavigation();
  const [codesForm, codesFields] = useForm({
    id: "two-step-codes",
    lastResult: useAnswerOf("regenerate"),
    shouldRevalidate: "onInput",
  });
  const [offForm, offFields] = useForm({
    id: "two-step-off",
    lastResult: useAnswerOf("disable"),
    shouldRevalidate: "onInput",
  });
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent
      ? true
      : undefined;
  return (
    <>
      <Crumbs current="Two-step sign-in" />
      <ErrorSummary
        items={[
          ...summaryItems(codesForm, [codesFields.confirmation]),
          ...summaryItems(offForm, [offFields.confirmation]),
        ]}
      />
      <h1>Two-step sign-in</h1>
      <p>
        Two-step sign-in is <strong>on</strong>. After your password you are asked for a code from
        your authenticator app, or one of your recovery codes.
      </p>
      <h2>Recovery codes</h2>
      <p>
        You have <strong>{left}</strong> unused recovery {left === 1 ? "code" : "codes"} of 10. New
        codes replace all the old ones.
      </p>
      <Form method="post" {...getFormProps(codesForm)}>
        <input type="hidden" name="intent" value="regenerate" />
        <TextField
          field={codesFields.confirmation}
          label="Your password or a current 6-digit code, to make new codes"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="secondary" aria-busy={busy("regenerate")}>
          Make new recovery codes
        </button>
      </Form>
      <h2>Turn off two-step sign-in</h2>
      {required ? (
        <p>Your role requires two-step sign-in: it cannot be turned off.</p>
      ) : (
        <Form method="post" {...getFormProps(offForm)}>
          <input type="hidden" name="intent" value="disable" />
          <p>Turning it off also forgets the browsers you chose to trust.</p>
          <TextField
            field={offFields.confirmation}
            label="Your password or a current 6-digit code, to turn it off"
            type="password"
            autoComplete="current-password"
            required
          />
          <button type="submit" className="secondary" aria-busy={busy("disable")}>
            Turn off two-step sign-in
          </button>
        </Form>
      )}
    </>
  );
}
