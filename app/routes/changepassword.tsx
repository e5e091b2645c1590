import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { PasswordFields } from "~/components/PasswordFields";
import { summaryItems } from "~/components/forms";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { completePasswordSignIn } from "~/auth/two-step.server";
import { changePasswordSchema, findPasswordReset } from "~/models/accounts.server";
import { readForm } from "~/lib/body.server";
import { formPasswordReset, resetPasswordFromLink } from "~/pages/change-password.server";

type LoaderData = { status: "valid"; email: string; token: string } | { status: "invalid" };

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.status === "valid" ? "Choose a new password" : "This link cannot be used",
};

// Public page: the emailed token is the permission. Only its hash is stored.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const lookup = await findPasswordReset(token);
  const page: LoaderData = lookup.status === "valid" ? { ...lookup, token } : lookup;
  return data(page, { status: lookup.status === "valid" ? 200 : 410 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const reset = await formPasswordReset(formData);
  if (reset.email === null) return redirect(reset.back);
  const submission = parseForm(formData, changePasswordSchema(reset.email));
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  const { password } = submission.value;
  const done = await resetPasswordFromLink(request, reset.token, password);
  if (done.kind === "invalid") return redirect(reset.back);
  return completePasswordSignIn(request, done.user, "/", done.withCookies);
}

export default function ChangePassword() {
  const data = useLoaderData<typeof loader>();
  if (data.status !== "valid") {
    return (
      <div className="form-narrow">
        <h1>This link cannot be used</h1>
        <p>
          The password reset link has expired, has already been used, or is not complete. Reset
          links work once, for 1 hour.
        </p>
        <p>
          <Link to="/resetpassword">Ask for a new reset link</Link>
        </p>
      </div>
    );
  }
  return <NewPasswordForm email={data.email} token={data.token} />;
}

function NewPasswordForm({ email, token }: { email: string; token: string }) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ password: string; confirmPassword: string }>({
    id: "changepassword",
    lastResult,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="form-narrow">
      <ErrorSummary items={summaryItems(form, [fields.password, fields.confirmPassword])} />
      <h1>Choose a new password</h1>
      <p>
        For the account <strong>{email}</strong>. Saving it signs you out on every other device and
        signs you in here, after your two-step code if you use two-step sign-in.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="token" value={token} />
        {/* For password managers: which account the new password belongs to. */}
        <input type="email" name="username" value={email} readOnly hidden autoComplete="username" />
        <PasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label="New password"
        />
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Save new password
        </button>
      </Form>
    </div>
  );
}
