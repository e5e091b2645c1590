import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/auth/auth.server";
import { badRequest, readForm } from "~/lib/body.server";
import { formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { myAccountPage, signOutDevices } from "~/pages/my-account.server";

export const handle: RouteHandle = { title: "My account" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await myAccountPage(request, user);
}

const deviceForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("signOutDevice"), device: z.uuid() }),
  z.object({ intent: z.literal("signOutOthers") }),
]);

/** Signs out one of the user's other devices, or all of them (POST-redirect-GET). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = deviceForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw badRequest("The form did not say which device to sign out.");
  const message = await signOutDevices(request, user.id, parsed.data);
  return redirectWithFlash(request, "/myaccount#devices", { severity: "success", message });
}

export default function MyAccount() {
  const { name, email, roles, devices, apiTokens } = useLoaderData<typeof loader>();
  const others = devices.filter((device) => !device.current).length;
  return (
    <>
      <Breadcrumb items={[{ label: "My account" }]} />
      <h1>My account</h1>
      <dl className="summary-list">
        <dt>Name</dt>
        <dd>{name}</dd>
        <dt>Email</dt>
        <dd>{email}</dd>
        <dt>Roles</dt>
        <dd>{roles.length ? roles.join(", ") : "Member (no staff role)"}</dd>
      </dl>
      <h2>Manage your account</h2>
      <ul>
        <li>
          <Link to="/myaccount/profile">Change your name</Link>
        </li>
        <li>
          <Link to="/myaccount/email">Change your email address</Link>
        </li>
        <li>
          <Link to="/myaccount/password">Change your password</Link>
        </li>
        <li>
          <Link to="/myaccount/two-step">Two-step sign-in</Link>
        </li>
        <li>
          <Link to="/myaccount/security">Security history</Link>
        </li>
        <li>
          <Link to="/dashboard/notifications">Email notifications</Link>
        </li>
        <li>
          <Link to="/dashboard/savedsearches">Saved searches</Link>
        </li>
      </ul>
      <section aria-labelledby="devices">
        <h2 id="devices">Signed-in devices</h2>
        <p>
          Where your account is signed in now. If you do not recognise one, sign it out and change
          your password.
        </p>
        <ol className="device-list">
          {devices.map((device, index) => (
            <li key={device.id}>
              <p>
                <strong>{device.browser}</strong>
                {device.current ? " (this browser)" : null}
              </p>
              <p className="device-facts">
                Address {device.address ?? "not known"} ·{" "}
                <span className="nowrap">signed in {formatDateTime(device.signedInAt)}</span> ·{" "}
                <span className="nowrap">last seen {formatDateTime(device.lastSeenAt)}</span>
              </p>
              {device.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="signOutDevice" />
                  <input type="hidden" name="device" value={device.id} />
                  <button type="submit" className="secondary outline">
                    Sign out
                    <span className="visually-hidden">
                      {" "}
                      device {index + 1}, {device.browser}
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
        {apiTokens > 0 ? (
          <p>
            {apiTokens} JSON API {apiTokens === 1 ? "token is" : "tokens are"} signed in as you too.
          </p>
        ) : null}
        {others > 0 || apiTokens > 0 ? (
          <Form method="post" className="device-others">
            <input type="hidden" name="intent" value="signOutOthers" />
            <p>
              Signing out everywhere else also ends your API tokens, forgets the browsers you
              trusted to skip two-step sign-in, and withdraws a change of email address waiting for
              its link.
            </p>
            <button type="submit" className="secondary">
              Sign out all other devices
            </button>
          </Form>
        ) : (
          <p>No other device is signed in.</p>
        )}
      </section>
    </>
  );
}
