import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  type ConfirmEmailData,
  confirmEmailPage,
  confirmNewEmail,
} from "~/pages/confirm-email.server";

type LoaderData = ConfirmEmailData;

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.status === "valid" ? "Confirm your new email address" : "This link cannot be used",
};

// Public page: the emailed token is the permission (only its hash is stored). The GET only
// shows the question; the change is a POST, so a mail scanner opening the link changes nothing.
export async function loader({ request }: LoaderFunctionArgs) {
  const { data: page, status } = await confirmEmailPage(new URL(request.url));
  return data(page, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await readForm(request)).get("token") ?? "");
  const done = await confirmNewEmail(request, token);
  if (done.kind === "invalid") return redirect(`/confirmemail?${new URLSearchParams({ token })}`);
  if (done.kind === "taken")
    return redirect(`/confirmemail?${new URLSearchParams({ token, taken: "1" })}`);
  return redirectWithFlash(request, done.signedIn ? "/myaccount" : "/login", {
    severity: "success",
    message: done.signedIn
      ? `Your email address is now ${done.newEmail}.`
      : `Your email address is now ${done.newEmail}. Log in with it.`,
  });
}

export default function ConfirmEmail() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (data.status !== "valid") {
    return (
      <div className="form-narrow">
        <h1>This link cannot be used</h1>
        {data.status === "taken" ? (
          <p>Another account now uses this email address, so yours cannot change to it.</p>
        ) : (
          <p>
            The link to confirm a new email address has expired, has already been used, or is not
            complete. Links work once, for {data.hours} hours, and asking again, or changing your
            password, withdraws an earlier one.
          </p>
        )}
        <p>
          <Link to="/myaccount/email">Ask for a new link</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="form-narrow">
      <h1>Confirm your new email address</h1>
      <p>
        Your Horizon Scanning Database account will sign in with <strong>{data.newEmail}</strong>,
        and its emails will come here. The old address is told of the change.
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={data.token} />
        <button type="submit" aria-busy={navigation.state === "submitting" ? true : undefined}>
          Confirm new email address
        </button>
      </Form>
    </div>
  );
}
