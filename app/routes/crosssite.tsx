import { type LoaderFunctionArgs, data } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { RouteHandle } from "~/lib/route-handle";
import "~/lib/load-context";

export const handle: RouteHandle = {
  title: "This form was sent from another site",
  scripts: false,
};

/**
 * Not a page anyone visits: the server answers with it, at the address of the form, when a
 * form that would change something was sent from another site (app/server/cross-site.ts).
 * Nothing was changed. Asked for directly, there is no such page.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.crossSite) throw data(null, { status: 404 });
  return data(null, { status: 403 });
}

export default function CrossSite() {
  return (
    <>
      <h1>This form was sent from another site</h1>
      <p>
        Nothing was changed. To protect your account, this site only accepts forms sent from its own
        pages.
      </p>
      <p>
        If you meant to do this, go back to this site, open the page again and send the form from
        there. You can also <Link to="/">go to the home page</Link> or{" "}
        <Link to="/contact">contact us</Link>.
      </p>
    </>
  );
}
