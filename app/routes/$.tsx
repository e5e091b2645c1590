import { ErrorPage } from "~/components/ErrorPage";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "Page not found" };

// Any unmatched path: a 404 inside the site shell, with the signed-in header intact.
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = ErrorPage;
