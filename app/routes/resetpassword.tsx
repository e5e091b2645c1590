import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { parseForm } from "~/lib/forms.server";
import { clientAddress } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  requestPasswordReset,
  resetRequestSchema,
  TOO_MANY_RESETS,
  withinResetRequestLimits,
} from "~/models/accounts.server";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle = { title: "Reset your password" };

// Public form: no access check. Whether or not the address has an account, the answer is
// the same /checkemail page, so the form tells no one which addresses are registered.
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), resetRequestSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const email = submission.value.email.toLowerCase();
  if (!(await withinResetRequestLimits(email, clientAddress(request, context))))
    return data(submission.reply({ formErrors: [TOO_MANY_RESETS] }), { status: 429 });
  await requestPasswordReset(email);
  return redirect("/checkemail");
}

export default function ResetPassword() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "reset", lastResult, shouldRevalidate: "onInput" });
  return (
    <div className="form-narrow">
      <ErrorSummary items={summaryItems(form, [fields.email])} />
      <h1>Reset your password</h1>
      <p>
        Enter the email address of your account. We will email you a link to choose a new password.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="username"
          required
        />
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Send reset link
        </button>
      </Form>
      <p>
        Remembered it? <Link to="/login">Log in</Link>.
      </p>
    </div>
  );
}
