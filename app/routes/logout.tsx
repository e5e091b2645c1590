import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { destroySession } from "~/auth/session.server";
import { readForm } from "~/lib/body.server";

// Logging out changes state, so only a POST does it; a GET (a link, a prefetch) does not.
export async function loader() {
  throw redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  // Anyone may end their own session: signing out needs no permission.
  const form = await readForm(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  // Log Out reloads the page the user was on (docs/product.md).
  return redirectWithFlash(
    request,
    safeRedirect(form.get("redirectTo")),
    { severity: "success", message: "You have been logged out." },
    { headers },
  );
}
