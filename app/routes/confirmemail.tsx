import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { getOptionalUser } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  confirmEmailChange,
  EMAIL_CHANGE_HOURS,
  EmailChangeInvalidError,
  findEmailChange,
} from "~/models/email-change.server";
import { originOf } from "~/models/security-events.server";
import { EmailTakenError } from "~/models/users.server";

type LoaderData =
  | { status: "valid"; newEmail: string; token: string }
  | { status: "invalid" | "taken"; hours: number };

export const handle: RouteHandle<LoaderData> = {
  title: (data) =>
    data?.status === "valid" ? "Confirm your new email address" : "This link cannot be used",
};

// Public page: the emailed token is the permission (only its hash is stored). The GET only
// shows the question; the change is a POST, so a mail scanner opening the link changes nothing.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const taken = new URL(request.url).searchParams.get("taken") === "1";
  const lookup = await findEmailChange(token);
  const data: LoaderData =
    lookup.status === "valid"
      ? taken
        ? { status: "taken", hours: EMAIL_CHANGE_HOURS }
        : { ...lookup, token }
      : { status: "invalid", hours: EMAIL_CHANGE_HOURS };
  return json(data, {
    status: data.status === "valid" ? 200 : data.status === "taken" ? 409 : 410,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const token = String(formData.get("token") ?? "");
  const back = `/confirmemail?${new URLSearchParams({ token })}`;
  let changed: Awaited<ReturnType<typeof confirmEmailChange>>;
  try {
    changed = await confirmEmailChange(token, originOf(request));
  } catch (error) {
    if (error instanceof EmailChangeInvalidError) return redirect(back);
    if (error instanceof EmailTakenError)
      return redirect(`/confirmemail?${new URLSearchParams({ token, taken: "1" })}`);
    throw error;
  }
  const user = await getOptionalUser(request);
  const signedIn = user?.id === changed.userId;
  return redirectWithFlash(request, signedIn ? "/myaccount" : "/login", {
    severity: "success",
    message: signedIn
      ? `Your email address is now ${changed.newEmail}.`
      : `Your email address is now ${changed.newEmail}. Log in with it.`,
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
