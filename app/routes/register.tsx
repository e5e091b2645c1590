import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { PasswordFields } from "~/components/PasswordFields";
import { summaryItems, TextField } from "~/components/forms";
import { formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { findInvitation, registerSchema } from "~/models/accounts.server";
import { readForm } from "~/lib/body.server";
import { formInvitation, registerAccount } from "~/pages/register.server";

type LoaderData = Awaited<ReturnType<typeof findInvitation>>;

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.status === "valid" ? "Create your account" : "This invitation cannot be used",
};

const STATUS_CODE = { unknown: 404, used: 410, expired: 410, valid: 200 } as const;

// Public page: the invitation code is the permission. Only its hash is stored.
export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("invitationCode") ?? "";
  const lookup = await findInvitation(code);
  return data(lookup.status === "valid" ? { ...lookup, code } : lookup, {
    status: STATUS_CODE[lookup.status],
  });
}

const EMAIL_TAKEN = "An account with this email already exists. Log in, or reset your password.";

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const invitation = await formInvitation(formData);
  if (invitation.email === null) return redirect(invitation.back);
  const submission = parseForm(formData, registerSchema(invitation.email));
  const reply = (status: number, errors: { formErrors?: string[] } = {}) =>
    data(submission.reply({ ...errors, hideFields: ["password", "confirmPassword"] }), { status });
  if (submission.status !== "success") return reply(400);
  const done = await registerAccount(request, submission.value);
  if (done.kind === "unusable") return redirect(invitation.back);
  if (done.kind === "email-taken") return reply(409, { formErrors: [EMAIL_TAKEN] });
  // Whoever was signed in on this browser is signed out: the new account takes over.
  const message = `Welcome, ${done.firstName}. Your account is ready and you are signed in.`;
  const headers = { "Set-Cookie": done.cookie };
  return redirectWithFlash(request, "/", { severity: "success", message }, { headers });
}

export default function Register() {
  const lookup = useLoaderData<typeof loader>();
  if (lookup.status !== "valid") return <UnusableInvitation lookup={lookup} />;
  return <RegisterForm invitation={lookup.invitation} code={lookup.code} />;
}

function UnusableInvitation({ lookup }: { lookup: Exclude<LoaderData, { status: "valid" }> }) {
  return (
    <div className="form-narrow">
      <h1>This invitation cannot be used</h1>
      {lookup.status === "unknown" ? (
        <p>
          This invitation link is not valid. Check that you opened the whole link from the email.
        </p>
      ) : null}
      {lookup.status === "used" ? (
        <p>
          This invitation has already been used to create an account. If that was you,{" "}
          <Link to="/login">log in</Link>; if you have forgotten the password,{" "}
          <Link to="/resetpassword">reset it</Link>.
        </p>
      ) : null}
      {lookup.status === "expired" ? (
        <p>This invitation expired on {formatDateTime(lookup.invitation.expiresAt)}.</p>
      ) : null}
      <p>
        <strong>Ask your administrator for a new invitation.</strong> If you do not know who that
        is, <Link to="/contact">contact us</Link>.
      </p>
    </div>
  );
}

function RegisterForm({
  invitation,
  code,
}: {
  invitation: Extract<LoaderData, { status: "valid" }>["invitation"];
  code: string;
}) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{
    firstName: string;
    middleName: string;
    lastName: string;
    password: string;
    confirmPassword: string;
  }>({
    id: "register",
    lastResult,
    defaultValue: {
      firstName: invitation.firstName,
      middleName: invitation.middleName,
      lastName: invitation.lastName,
    },
    shouldRevalidate: "onInput",
  });
  return (
    <div className="form-narrow">
      <ErrorSummary
        items={summaryItems(form, [
          fields.firstName,
          fields.middleName,
          fields.lastName,
          fields.password,
          fields.confirmPassword,
        ])}
      />
      <h1>Create your account</h1>
      <p>
        You have been invited to the Horizon Scanning Database. Check your name, then choose a
        password.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="invitationCode" value={code} />
        {/* The address is not for changing here, so it is text, not a box that looks editable
            (and cut a long address off on a phone). The hidden copy tells a password manager
            which account the new password is for. */}
        <dl className="summary-list register-email">
          <div>
            <dt>Email</dt>
            <dd>
              {invitation.email}
              <small className="hint">
                The address the invitation was sent to. You can change it from your profile once
                signed in.
              </small>
            </dd>
          </div>
        </dl>
        <input type="email" value={invitation.email} readOnly autoComplete="username" hidden />
        <TextField field={fields.firstName} label="First name" autoComplete="given-name" required />
        <TextField field={fields.middleName} label="Middle name" autoComplete="additional-name" />
        <TextField field={fields.lastName} label="Last name" autoComplete="family-name" required />
        <PasswordFields password={fields.password} confirm={fields.confirmPassword} />
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Create account
        </button>
      </Form>
    </div>
  );
}
