import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorSummary, type ErrorSummaryItem } from "~/components/ErrorSummary";
import { CheckboxField, TextField } from "~/components/forms";
import { finishSignIn, TRUST_DAYS } from "~/auth/two-step.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { CODE_GUESSES_USED } from "~/models/code-guesses.server";
import { clientAddress } from "~/models/rate-limit.server";
import {
  checkSecondStep,
  requirePendingSignIn,
  twoStepSignInSchema,
} from "~/pages/two-step-sign-in.server";

export const handle: RouteHandle = { title: "Enter your two-step code" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePendingSignIn(request);
  return { trustDays: TRUST_DAYS };
}

/** The answer on the form sent (by its name), with no code kept. */
function reply(
  submission: ReturnType<typeof parseForm<typeof twoStepSignInSchema>>,
  status: number,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  const form = submission.payload.intent === "recovery" ? ("recovery" as const) : ("code" as const);
  const hideFields = ["code", "recoveryCode"];
  return data({ ...submission.reply({ ...errors, hideFields }), form }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await requirePendingSignIn(request);
  const submission = parseForm(await readForm(request), twoStepSignInSchema);
  if (submission.status !== "success") return reply(submission, 400);
  const address = clientAddress(request, context);
  const done = await checkSecondStep(request, pending, submission.value, address);
  if (done.kind === "throttled") return reply(submission, 429, { formErrors: [done.message] });
  if (done.kind === "wrong") return reply(submission, 401, { fieldErrors: done.fieldErrors });
  if (done.kind === "guesses-used") {
    const flash = { severity: "error", message: CODE_GUESSES_USED } as const;
    return redirectWithFlash(request, "/login", flash, { headers: { "Set-Cookie": done.cookie } });
  }
  return finishSignIn(request, pending.user.id, pending.redirectTo, done.cookies);
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
