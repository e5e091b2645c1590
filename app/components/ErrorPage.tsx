import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** Page-not-found and unexpected-error screens, inside the site shell. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <h1>Page not found</h1>
        <p>If you typed the web address, check it is correct.</p>
        <p>If you pasted the web address, check you copied the entire address.</p>
        <p>
          You can <Link to="/">go to the home page</Link> or <Link to="/contact">contact us</Link>{" "}
          if you think something is missing.
        </p>
      </>
    );
  }
  const detail =
    process.env.NODE_ENV === "development" && error instanceof Error ? (
      <pre>{error.stack}</pre>
    ) : null;
  return (
    <>
      <h1>Sorry, there is a problem with the service</h1>
      <p>Try again later.</p>
      <p>
        If it keeps happening, <Link to="/contact">contact us</Link>.
      </p>
      {detail}
    </>
  );
}
