import { data } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "You do not have access to this page" };

// Public page: requirePermission sends signed-in users without the role here. 403 tells
// browsers and tools the truth about the page they asked for.
export async function loader() {
  return data(null, { status: 403 });
}

export default function NotAllowed() {
  return (
    <>
      <h1>You do not have access to this page</h1>
      <p>Your account does not have the role this page needs.</p>
      <p>
        If you think you should have access, <Link to="/contact">contact us</Link>. Otherwise,{" "}
        <Link to="/">go to the home page</Link>.
      </p>
    </>
  );
}
