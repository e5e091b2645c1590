import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ERROR_FACTS_ID, useServerErrorInfo } from "~/lib/server-error";

/** Page-not-found and unexpected-error screens, inside the site shell. */
export function ErrorPage() {
  const error = useRouteError();
  const { reference, unavailable } = useServerErrorInfo(error);
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
  if (isRouteErrorResponse(error) && error.status === 400) {
    const message = typeof error.data?.message === "string" ? error.data.message : null;
    return (
      <>
        <h1>{BAD_REQUEST_HEADING}</h1>
        {message ? <p>{message}</p> : null}
        <p>Go back to the page and send the form again. Nothing was changed.</p>
        {reference ? (
          <p id={ERROR_FACTS_ID} data-reference={reference} data-unavailable="false">
            If it keeps happening, <Link to="/contact">contact us</Link> and quote reference{" "}
            <code>{reference}</code>.
          </p>
        ) : null}
      </>
    );
  }
  const detail =
    process.env.NODE_ENV === "development" && error instanceof Error ? (
      <pre>{error.stack}</pre>
    ) : null;
  return (
    <>
      <h1>{errorHeading(unavailable)}</h1>
      <p>
        {unavailable
          ? "The service could not reach its database. Try again in a few seconds."
          : "Try again later."}
      </p>
      <p>
        If it keeps happening, <Link to="/contact">contact us</Link>.
      </p>
      {reference ? (
        <p
          id={ERROR_FACTS_ID}
          data-reference={reference}
          data-unavailable={unavailable ? "true" : "false"}
        >
          Quote reference <code>{reference}</code> when you contact us.
        </p>
      ) : null}
      {detail}
    </>
  );
}

export const BAD_REQUEST_HEADING = "Sorry, what was sent could not be read";

/** The error page's heading (and title): a moment's outage or a fault. */
export function errorHeading(unavailable: boolean) {
  return unavailable
    ? "Sorry, the service is unavailable for a moment"
    : "Sorry, there is a problem with the service";
}
