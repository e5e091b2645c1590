import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { requirePermission } from "~/auth/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { resetUserTwoStep, userIdOf, userTwoStepPage } from "~/pages/dashboard-user.server";

type LoaderData = { user: { name: string }; enabled: boolean };

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.user
      ? `${data.enabled ? "Reset two-step sign-in" : "Two-step sign-in"}: ${data.user.name}`
      : "Reset two-step sign-in",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageUsers");
  return await userTwoStepPage(userIdOf(params));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "manageUsers");
  const { user, had } = await resetUserTwoStep(admin, userIdOf(params));
  const who = `${user.name} (${user.email})`;
  return redirectWithFlash(request, `/dashboard/users/${user.id}`, {
    severity: "success",
    message: had
      ? `Two-step sign-in has been reset for ${who}. They set it up again from My account, or when they next sign in if their role requires it.`
      : `${who} had no two-step sign-in set up; trusted browsers and unfinished set-ups were cleared.`,
  });
}

export default function ResetTwoStep() {
  const { user, enabled } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[
          { label: "Users", to: "/dashboard/users" },
          { label: user.name, to: `/dashboard/users/${user.id}` },
          { label: enabled ? "Reset two-step sign-in" : "Two-step sign-in" },
        ]}
      />
      <h1>
        {enabled ? "Reset two-step sign-in" : "Two-step sign-in"} for {user.name}
      </h1>
      {enabled ? (
        <>
          <p>
            Two-step sign-in is <strong>on</strong> for {user.email}.
          </p>
          <p>
            Resetting removes their authenticator key, their recovery codes and the browsers they
            trusted. Do this when they have lost their phone and their recovery codes, and you are
            sure the request comes from them. They then sign in with their password alone, and staff
            who must use two-step are asked to set it up again.
          </p>
          <p>The reset is written to the account's change history.</p>
          <Form method="post" className="button-row">
            <button
              type="submit"
              className="danger"
              aria-busy={navigation.state === "submitting" ? true : undefined}
            >
              Reset two-step sign-in
            </button>
            <Link to={`/dashboard/users/${user.id}`} className="button-link secondary">
              Cancel, keep it
            </Link>
          </Form>
        </>
      ) : (
        <>
          <p>
            Two-step sign-in is <strong>not set up</strong> for {user.email}: there is nothing to
            reset. They can set it up from My account.
          </p>
          <p>
            <Link to={`/dashboard/users/${user.id}`} className="button-link secondary">
              Back to {user.name}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
