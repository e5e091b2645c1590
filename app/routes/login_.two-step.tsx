import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorSummary, type ErrorSummaryItem } from "~/components/ErrorSummary";
import { CheckboxField, TextField } from "~/components/forms";
import { redirectWithFlash, setFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { readForm } from "~/lib/body.server";
import { clientAddress } from "~/models/rate-limit.server";
import { checkSignIn, recordSignInFailure } from "~/models/sign-in-throttle.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  CODE_GUESSES_USED,
  endSignInsAfterGuesses,
  returnCodeAttempt,
  takeCodeAttempt,
} from "~/models/code-guesses.server";
import {
  endPending,
  finishSignIn,
  readPending,
  TRUST_DAYS,
  trustBrowser,
} from "~/auth/two-step.server";
import {
  recoveryCodeSchema,
  signInCodeSchema,
  spendRecoveryCode,
  twoStepStatus,
  verifyTotp,
  WRONG_CODE,
  WRONG_RECOVERY,
} from "~/models/two-step.server";

export const handle: RouteHandle = { title: "Enter your two-step code" };

const EXPIRED = "Your sign-in took too long. Please log in again.";

/** Only someone whose password was right a moment ago, and who has two-step on, is here. */
async function requirePending(request: Request) {
  const pending = await readPending(request, "verify");
  if (pending) return pending;
  throw await redirectWithFlash(request, "/login", { severity: "error", message: EXPIRED });
}

/** The account's code attempts are used up: its sign-ins end, and this one starts again at /login. */
async function guessesUsed(request: Request, userId: number) {
  await endSignInsAfterGuesses(userId);
  const headers = new Headers();
  headers.append("Set-Cookie", await endPending(request));
  return redirectWithFlash(
    request,
    "/login",
    { severity: "error", message: CODE_GUESSES_USED },
    { headers },
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePending(request);
  return json({ trustDays: TRUST_DAYS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await requirePending(request);
  const formData = await readForm(request);
  const recovery = formData.get("intent") === "recovery";
  const submission = recovery
    ? parseForm(formData, recoveryCodeSchema)
    : parseForm(formData, signInCodeSchema);
  const form = recovery ? ("recovery" as const) : ("code" as const);
  const hideFields = ["code", "recoveryCode"];
  if (submission.status !== "success") {
    return json({ ...submission.reply({ hideFields }), form }, { status: 400 });
  }
  // Wrong codes count with wrong passwords, per account and address (sign-in-throttle).
  const address = clientAddress(request, context);
  const throttle = await checkSignIn(pending.user.email, address);
  if (!throttle.allowed) {
    return json(
      { ...submission.reply({ formErrors: [throttle.message], hideFields }), form },
      {
        status: 429,
      },
    );
  }
  // Per account, whatever the address: at most MAX_CODE_ATTEMPTS codes are checked.
  const attempt = await takeCodeAttempt(pending.user.id);
  if (!attempt.allowed) return guessesUsed(request, pending.user.id);
  const value = submission.value;
  const right =
    "recoveryCode" in value
      ? await spendRecoveryCode(pending.user.id, value.recoveryCode)
      : await verifyTotp(pending.user.id, value.code);
  if (!right) {
    await recordSignInFailure(pending.user.email, address);
    if (attempt.last) return guessesUsed(request, pending.user.id);
    const fieldErrors: Record<string, string[]> =
      "recoveryCode" in value ? { recoveryCode: [WRONG_RECOVERY] } : { code: [WRONG_CODE] };
    return json({ ...submission.reply({ fieldErrors, hideFields }), form }, { status: 401 });
  }
  await returnCodeAttempt(pending.user.id);
  const cookies: string[] = [];
  if (value.trust) cookies.push(await trustBrowser(request, pending.user.id));
  if ("recoveryCode" in value) {
    const { recoveryCodesLeft: left } = await twoStepStatus(pending.user.id);
    cookies.push(
      await setFlash(request, {
        severity: "warning",
        message: `You used a recovery code: ${left} ${left === 1 ? "is" : "are"} left. Make new ones from My account, Two-step sign-in.`,
      }),
    );
  }
  return finishSignIn(request, pending.user.id, pending.redirectTo, cookies);
}

const FORM_IDS = { code: "two-step-code", recovery: "two-step-recovery" } as const;

export default function TwoStepSignIn() {
  const { trustDays } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The summary of the form just submitted, linking to its fields (conform's ids: form-name).
  const items: ErrorSummaryItem[] = [];
  if (actionData?.form) {
    for (const [name, messages] of Object.entries(actionData.error ?? {})) {
      for (const message of messages ?? []) {
        items.push(
          name ? { fieldId: `${FORM_IDS[actionData.form]}-${name}`, message } : { message },
        );
      }
    }
  }
  // Each form starts afresh when the other one answers: otherwise (with JS) it would keep the
  // errors of its own earlier submission.
  const answer = JSON.stringify(actionData ?? null);
  return (
    <div className="form-narrow">
      <ErrorSummary items={items} />
      <h1>
        Enter your <span className="nowrap">two-step</span> code
      </h1>
      <p>Open the authenticator app on your phone and enter the code it shows for this site.</p>
      <CodeForm key={actionData?.form === "recovery" ? answer : "code"} trustDays={trustDays} />
      <details
        className="text-disclosure"
        open={actionData?.form === "recovery" ? true : undefined}
      >
        <summary>Use a recovery code instead</summary>
        <p>
          If you cannot use your phone, enter one of the recovery codes you saved. Each works once.
        </p>
        <RecoveryForm
          key={actionData?.form === "code" ? answer : "recovery"}
          trustDays={trustDays}
        />
      </details>
      <p>
        Lost your phone and your recovery codes? <Link to="/contact">Contact us</Link> to have
        two-step sign-in reset. <Link to="/login">Log in again</Link>
      </p>
    </div>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent
    ? true
    : undefined;
}

function CodeForm({ trustDays }: { trustDays: number }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: FORM_IDS.code,
    lastResult: actionData?.form === "code" ? actionData : undefined,
    shouldRevalidate: "onInput",
  });
  const busy = useBusy("code");
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="code" />
      <TextField
        field={fields.code}
        label="6-digit code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
      />
      <CheckboxField
        field={fields.trust}
        label={`Trust this browser for ${trustDays} days`}
        hint="No code will be asked for on this browser for that long. Only on a device that is yours alone."
      />
      <button type="submit" aria-busy={busy}>
        Continue
      </button>
    </Form>
  );
}

function RecoveryForm({ trustDays }: { trustDays: number }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: FORM_IDS.recovery,
    lastResult: actionData?.form === "recovery" ? actionData : undefined,
    shouldRevalidate: "onInput",
  });
  const busy = useBusy("recovery");
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="recovery" />
      <TextField
        field={fields.recoveryCode}
        label="Recovery code"
        hint="For example abcde-23456."
        autoComplete="off"
        required
      />
      <CheckboxField field={fields.trust} label={`Trust this browser for ${trustDays} days`} />
      <button type="submit" className="secondary" aria-busy={busy}>
        Continue with a recovery code
      </button>
    </Form>
  );
}
