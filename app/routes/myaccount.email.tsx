import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { requireUser } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  EMAIL_CHANGE_HOURS,
  emailChangeSchema,
  pendingEmailChange,
} from "~/models/email-change.server";
import { askEmailChange } from "~/pages/myaccount-email.server";

export const handle: RouteHandle = { title: "Change your email address" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, pending: await pendingEmailChange(user.id) };
}

/** Asks for a new address, with the current password (app/pages/myaccount-email.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), emailChangeSchema);
  const hideFields = ["currentPassword"];
  if (submission.status !== "success")
    return data(submission.reply({ hideFields }), { status: 400 });
  const done = await askEmailChange(request, user, submission.value);
  if (done.kind === "refused")
    return data(submission.reply({ ...done.errors, hideFields }), { status: done.status });
  return redirectWithFlash(request, "/myaccount", {
    severity: "success",
    message: `We have sent a link to ${done.newEmail}. Your email address changes when you open it; the link works once, for ${EMAIL_CHANGE_HOURS} hours.`,
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
