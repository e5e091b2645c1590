import { Link } from "@remix-run/react";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "Check your email" };

// Public page, the same for every address asked about (see /resetpassword).
export default function CheckEmail() {
  return (
    <div className="form-narrow">
      <h1>Check your email</h1>
      <p>
        If an account uses the address you entered, we have sent it an email with a link to reset
        the password.
      </p>
      <ul>
        <li>The link works once, for 1 hour.</li>
        <li>Setting a new password signs you out on every other device.</li>
        <li>The email can take a few minutes to arrive. Check your spam or junk folder too.</li>
      </ul>
      <p>
        No email after 15 minutes? <Link to="/resetpassword">Ask for a new link</Link>, or{" "}
        <Link to="/contact">contact us</Link> if your account may have been suspended.
      </p>
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </div>
  );
}
