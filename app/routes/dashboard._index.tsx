import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";

/** /dashboard redirects to /dashboard/notifications. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw redirect("/dashboard/notifications");
}
