import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { requireUser } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { hitRateLimit, isRateLimited } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  TOO_MANY_WRONG_PASSWORDS,
  WRONG_CURRENT_PASSWORD,
  WrongPasswordError,
  wrongPasswordKey,
} from "~/models/accounts.server";
import {
  EMAIL_CHANGE_HOURS,
  emailChangeSchema,
  pendingEmailChange,
  requestEmailChange,
  SameEmailError,
} from "~/models/email-change.server";
import { originOf } from "~/models/security-events.server";
import { EmailTakenError } from "~/models/users.server";

export const handle: RouteHandle = { title: "Change your email address" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ email: user.email, pending: await pendingEmailChange(user.id) });
}

/**
 * Asks for a new address: the current password first (someone else's session is not
 * enough), then a link to the new address, which makes the change, and a notice to this one.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), emailChangeSchema);
  const hideFields = ["currentPassword"];
  if (submission.status !== "success")
    return json(submission.reply({ hideFields }), { status: 400 });
  const key = wrongPasswordKey(user);
  if (await isRateLimited(WRONG_CURRENT_PASSWORD, key))
    return json(submission.reply({ formErrors: [TOO_MANY_WRONG_PASSWORDS], hideFields }), {
      status: 429,
    });
  const fieldError = (field: string, message: string, status: number) =>
    json(submission.reply({ fieldErrors: { [field]: [message] }, hideFields }), { status });
  let newEmail: string;
  try {
    ({ newEmail } = await requestEmailChange(user, submission.value, originOf(request)));
  } catch (error) {
    if (error instanceof WrongPasswordError) {
      await hitRateLimit(WRONG_CURRENT_PASSWORD, key);
      return fieldError("currentPassword", error.message, 400);
    }
    if (error instanceof SameEmailError) return fieldError("email", error.message, 400);
    if (error instanceof EmailTakenError)
      return fieldError("email", "Another account already uses this email", 409);
    throw error;
  }
  return redirectWithFlash(request, "/myaccount", {
    severity: "success",
    message: `We have sent a link to ${newEmail}. Your email address changes when you open it; the link works once, for ${EMAIL_CHANGE_HOURS} hours.`,
  });
}

export default function ChangeEmail() {
  const { email, pending } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ email: string; currentPassword: string }>({
    id: "change-email",
    lastResult,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="form-narrow">
      <Breadcrumb
        items={[{ label: "My account", to: "/myaccount" }, { label: "Change your email address" }]}
      />
      <ErrorSummary items={summaryItems(form, [fields.email, fields.currentPassword])} />
      <h1>Change your email address</h1>
      <p>
        Your email address is <strong>{email}</strong>. You sign in with it, and password reset
        links are sent to it.
      </p>
      <p>
        We will email a link to the new address: the change is made when you open it. We also tell
        this address that a change was asked for.
      </p>
      {pending ? (
        <p>
          A link to confirm <strong>{pending.newEmail}</strong> has been sent; it works until{" "}
          {formatDateTime(pending.expiresAt)}. Asking again sends a new link, and that one stops
          working.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        {/* For password managers: which account the password belongs to. */}
        <input type="email" name="username" value={email} readOnly hidden autoComplete="username" />
        <TextField
          field={fields.email}
          label="New email address"
          type="email"
          autoComplete="email"
          required
        />
        <TextField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="inline-actions">
          <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
            Send confirmation link
          </button>
          <Link to="/myaccount" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
