import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { requireUser } from "~/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { namesSchema, updateNames } from "~/models/users.server";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle = { title: "Profile" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    profile: {
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      email: user.email,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), namesSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await updateNames(user.id, submission.value);
  return redirectWithFlash(request, "/myaccount", {
    severity: "success",
    message: "Your profile has been updated.",
  });
}

export default function Profile() {
  const { profile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: profile,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="form-narrow">
      <Breadcrumb items={[{ label: "My account", to: "/myaccount" }, { label: "Profile" }]} />
      <ErrorSummary
        items={summaryItems(form, [fields.firstName, fields.middleName, fields.lastName])}
      />
      {/* "Profile" is the avatar menu's name for the page; the intro says
          what My account's link to it says. */}
      <h1>Profile</h1>
      <p>Change your name as it appears on the site and in our emails.</p>
      <dl className="summary-list">
        <dt>Email</dt>
        <dd>
          {profile.email} <Link to="/myaccount/email">Change your email address</Link>
        </dd>
      </dl>
      <Form method="post" {...getFormProps(form)}>
        <TextField field={fields.firstName} label="First name" autoComplete="given-name" required />
        <TextField field={fields.middleName} label="Middle name" autoComplete="additional-name" />
        <TextField field={fields.lastName} label="Last name" autoComplete="family-name" required />
        <div className="inline-actions">
          <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
            Save profile
          </button>
          <Link to="/myaccount" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
