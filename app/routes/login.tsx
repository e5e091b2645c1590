import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { getOptionalUser, LOGIN_FAILED, loginSchema } from "~/auth/auth.server";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { parseForm } from "~/lib/forms.server";
import { clientAddress } from "~/models/rate-limit.server";
import type { RouteHandle } from "~/lib/route-handle";
import { readForm } from "~/lib/body.server";
import { completePasswordSignIn } from "~/auth/two-step.server";
import { checkPassword } from "~/pages/login.server";

export const handle: RouteHandle = { title: "Log in" };

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  // Already signed in: go where the visitor was heading.
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Public form: the access check is that it needs none; the strategy reads the body.
  const submission = parseForm(await readForm(request.clone()), loginSchema);
  const reply = (status: number, errors: FormErrors = {}) =>
    data(submission.reply({ ...errors, hideFields: ["password"] }), { status });
  if (submission.status !== "success") return reply(400);
  const { email, redirectTo } = submission.value;
  const done = await checkPassword(request, email, clientAddress(request, context));
  if (done.kind === "throttled") return reply(429, { formErrors: [done.message] });
  // On the password field, to be typed again: the summary links to it, in the same words.
  if (done.kind === "wrong") return reply(401, { fieldErrors: { password: [LOGIN_FAILED] } });
  // A session, or first the second step or two-step enrolment (app/auth/two-step.server.ts).
  return completePasswordSignIn(request, done.user, safeRedirect(redirectTo));
}

type FormErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "login", lastResult, shouldRevalidate: "onInput" });
  return (
    <div className="form-narrow">
      <ErrorSummary items={summaryItems(form, [fields.email, fields.password])} />
      <h1>Log in</h1>
      <p>Sign in with the email address and password of your subscription.</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="username"
          required
        />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Log in
        </button>
      </Form>
      <p>
        <Link to="/resetpassword">Forgotten your password?</Link>
      </p>
      <p>
        No account yet? <Link to="/contact">Contact us to subscribe</Link>.
      </p>
    </div>
  );
}
