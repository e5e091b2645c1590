import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DateTimeCell } from "~/components/DateTimeCell";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems, TextField } from "~/components/forms";
import { requirePermission } from "~/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { INVITATION_DAYS, inviteSchema, pendingInvitations } from "~/models/accounts.server";
import { displayName } from "~/lib/names";
import { TableScroll } from "~/components/TableScroll";
import { readForm } from "~/lib/body.server";
import { invite } from "~/pages/invite.server";

export const handle: RouteHandle = { title: "Invite a user" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageUsers");
  return { pending: await pendingInvitations(), days: INVITATION_DAYS };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "manageUsers");
  const submission = parseForm(await readForm(request), inviteSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const done = await invite(admin, submission.value);
  if (done.kind === "email-taken")
    return data(submission.reply({ fieldErrors: { email: [EMAIL_TAKEN] } }), { status: 409 });
  const message = `Invitation sent to ${displayName(submission.value)} (${
    submission.value.email
  }). The link expires in ${INVITATION_DAYS} days.`;
  return redirectWithFlash(request, "/invite", { severity: "success", message });
}

const EMAIL_TAKEN = "An account with this email already exists";

export default function Invite() {
  const { pending, days } = useLoaderData<typeof loader>();
  return (
    <>
      <DashboardBreadcrumb
        items={[{ label: "Users", to: "/dashboard/users" }, { label: "Invite a user" }]}
      />
      {/* A new invitation starts an empty form (with JS the page is not reloaded). */}
      <InviteForm key={pending[0]?.id ?? 0} days={days} />
      <PendingInvitations pending={pending} />
    </>
  );
}

function InviteForm({ days }: { days: number }) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "invite",
    lastResult,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="form-narrow">
      <ErrorSummary
        items={summaryItems(form, [
          fields.firstName,
          fields.middleName,
          fields.lastName,
          fields.email,
        ])}
      />
      <h1>Invite a user</h1>
      <p>
        We email them a link to choose a password and sign in. The link works once and expires after{" "}
        {days} days. A new invitation to the same address replaces the earlier one.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <TextField field={fields.firstName} label="First name" autoComplete="off" required />
        <TextField field={fields.middleName} label="Middle name" autoComplete="off" />
        <TextField field={fields.lastName} label="Last name" autoComplete="off" required />
        <TextField field={fields.email} label="Email" type="email" autoComplete="off" required />
        <div className="inline-actions">
          <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
            Send invitation
          </button>
          <Link to="/dashboard/users" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

function PendingInvitations({
  pending,
}: {
  pending: {
    id: number;
    email: string;
    firstName: string;
    middleName: string;
    lastName: string;
    expiresAt: string;
  }[];
}) {
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title">Invitations waiting to be used</h2>
      {pending.length === 0 ? (
        <p>None. Invitations that were used or have expired are not listed.</p>
      ) : (
        <TableScroll caption="Pending invitations" captionHidden stacked="phone">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {pending.map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row" className="nowrap">
                  {displayName(invitation)}
                </th>
                <td data-label="Email">{invitation.email}</td>
                <td data-label="Expires">
                  <DateTimeCell value={invitation.expiresAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
    </section>
  );
}
