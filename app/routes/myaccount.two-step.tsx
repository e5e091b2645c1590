import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { ENROL_PATH, finishSignIn } from "~/auth/two-step.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { clientAddress } from "~/models/rate-limit.server";
import { type TwoStepSettingsIntent, twoStepSettingsSchema } from "~/models/two-step.server";
import {
  changeTwoStepSettings,
  twoStepSettingsIntent,
  twoStepSettingsPage,
  twoStepVisitor,
} from "~/pages/two-step-settings.server";

type LoaderData = { view: "setup" | "codes" | "enabled" };

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.view === "codes"
      ? "Your recovery codes"
      : data?.view === "enabled"
        ? "Two-step sign-in"
        : "Set up two-step sign-in",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const visitor = await twoStepVisitor(request);
  const { data: page, headers } = await twoStepSettingsPage(request, visitor);
  return data(page, { headers });
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
  return data({ ...submission.reply({ ...errors, hideFields }), form }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const visitor = await twoStepVisitor(request);
  const formData = await readForm(request);
  const intent = twoStepSettingsIntent(formData, visitor);
  // Changing an enrolment needs a real session, not half a sign-in.
  if (intent === "enrol-first") return redirect(ENROL_PATH);
  const submission = parseForm(formData, twoStepSettingsSchema);
  if (submission.status !== "success") return refuse(submission, intent, 400);
  const address = clientAddress(request, context);
  const done = await changeTwoStepSettings(request, visitor, submission.value, address);
  if (done.kind === "refused") return refuse(submission, intent, done.status, done.errors);
  if (done.kind === "turned-off") return redirectWithFlash(request, "/myaccount", TURNED_OFF);
  if (done.kind === "cancelled") return redirect("/", { headers: { "Set-Cookie": done.cookie } });
  if (done.kind === "back") return redirect(ENROL_PATH);
  if (done.signIn) return finishSignIn(request, visitor.user.id, ENROL_PATH, [done.cookie]);
  return redirect(ENROL_PATH, { headers: { "Set-Cookie": done.cookie } });
}

const TURNED_OFF = {
  severity: "success",
  message: "Two-step sign-in is off. Your recovery codes and trusted browsers are removed.",
} as const;

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
