import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { PasswordFields } from "~/components/PasswordFields";
import { summaryItems, TextField } from "~/components/forms";
import { requireUser } from "~/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { ownPasswordSchema } from "~/models/accounts.server";
import { readForm } from "~/lib/body.server";
import { changeMyPassword } from "~/pages/myaccount-password.server";

export const handle: RouteHandle = { title: "Change your password" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), ownPasswordSchema(user.email));
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success")
    return data(submission.reply({ hideFields }), { status: 400 });
  const done = await changeMyPassword(request, user, submission.value);
  if (done.kind === "refused")
    return data(submission.reply({ ...done.errors, hideFields }), { status: done.status });
  return redirectWithFlash(request, "/myaccount", {
    severity: "success",
    message: "Your password has been changed. You are signed out on every other device.",
  });
}

export default function MyPassword() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{
    currentPassword: string;
    password: string;
    confirmPassword: string;
  }>({
    id: "mypassword",
    lastResult,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="form-narrow">
      <Breadcrumb
        items={[{ label: "My account", to: "/myaccount" }, { label: "Change your password" }]}
      />
      <ErrorSummary
        items={summaryItems(form, [
          fields.currentPassword,
          fields.password,
          fields.confirmPassword,
        ])}
      />
      <h1>Change your password</h1>
      <p>
        Changing it signs you out on every other device, ends your API tokens and forgets the
        browsers you trusted to skip two-step sign-in; you stay signed in here.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="email" name="username" value={email} readOnly hidden autoComplete="username" />
        <TextField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
        <PasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="New password"
        />
        <div className="inline-actions">
          <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
            Change password
          </button>
          <Link to="/myaccount" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
      <p>
        Forgotten your current password? <Link to="/resetpassword">Reset it by email</Link>.
      </p>
    </div>
  );
}
