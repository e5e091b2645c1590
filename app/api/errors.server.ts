/**
 * The JSON API's answers other than success: one catalogue of response
 * codes, each with its HTTP status and its message. /api/docs and /api/openapi.json list it.
 *
 * Every failure answers `{ responseCode, message }` (plus `errors` for VALIDATION_FAILED and
 * `requestId` for INTERNAL_ERROR). For 403 and 429 the message is the status text, which is
 * what the earlier client showed (docs/product.md); the response code says which refusal it was.
 */
import { LOGIN_FAILED } from "~/auth/auth.server";
import { ENROLMENT_FAILED } from "~/models/notifications.server";

export const API_ERRORS = {
  VALIDATION_FAILED: {
    status: 400,
    message: "The request is not valid: see errors.",
    when: "A query or body is missing a field, has a wrong type, or breaks a rule.",
  },
  NO_SEARCH_REQUEST: {
    status: 400,
    message: "No search request found",
    when: "A saved search is saved without a search request.",
  },
  INVALID_CREDENTIALS: {
    status: 401,
    message: LOGIN_FAILED,
    when: "Sign-in with a wrong email or password, or an account that cannot sign in.",
  },
  TOKEN_NOT_FOUND: {
    status: 401,
    message: "Token not found.",
    when: "A call that needs a token was sent without an Authorization: Bearer header.",
  },
  TOKEN_EXPIRED: {
    status: 401,
    message: "Your token has expired. Please log in again to continue.",
    when: "The token has expired, was signed out, or its user was suspended or deleted.",
  },
  TWO_STEP_REQUIRED: {
    status: 401,
    message: "Enter the 6-digit code from your authenticator app to finish signing in.",
    when: "A right password for an account with two-step sign-in: send the code with the twoStepToken to /api/auth/signin/twostep.",
  },
  WRONG_CODE: {
    status: 401,
    message: "The code is not right, or the two-step token has expired.",
    when: "A wrong two-step code or recovery code, or an expired two-step token.",
  },
  FORBIDDEN: {
    status: 403,
    message: "Forbidden",
    when: "The token's user does not hold a role the call needs (the same rule as the page).",
  },
  TWO_STEP_ENROLMENT_REQUIRED: {
    status: 403,
    message: "Forbidden",
    when: "Staff who must use two-step sign-in and have not set it up: set it up on the website first.",
  },
  NOT_FOUND: {
    status: 404,
    message: "Not found.",
    when: "The thing the call names does not exist, or no call has this path.",
  },
  NO_FILE_DATA: {
    status: 404,
    message: "No file data Found",
    when: "A HIR download whose file is missing.",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: "This call does not take this method.",
    when: "A path called with a method it does not have (the Allow header lists them).",
  },
  CONFLICT: {
    status: 409,
    message: "The change conflicts with the data as it is now.",
    when: "For example an email address already in use, or an invitation already used.",
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: "A call with this Idempotency-Key is still running. Ask again in a moment.",
    when: "A retry sent while the first call with its Idempotency-Key has not finished: once it has, the same retry gets its answer.",
  },
  ACTION_REFUSED: {
    status: 409,
    message: "This change cannot be made to this account: see detail.",
    when: "An admin's change that would lock them out (suspending or deleting their own account, removing their own admin role), or email notifications turned on for an account that is not active.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: "This Idempotency-Key was sent with another request. Use a new key for each change.",
    when: "An Idempotency-Key used in the last 24 hours for another call, query or body.",
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: "Too Many Requests",
    when: "Too many sign-in, code, password-reset or contact attempts, with the pages' limits.",
  },
  ENROLL_NOTIFICATION_FAILED: {
    status: 500,
    message: ENROLMENT_FAILED,
    when: "Enrolment in email notifications did not succeed (the page's answer to anything but ENROLL_NOTIFICATION_SUCCESS).",
  },
  INTERNAL_ERROR: {
    status: 500,
    message: "Something went wrong on our side. Quote the requestId when you contact us.",
    when: "An unexpected fault, logged with the request id.",
  },
  TIMEOUT: {
    status: 504,
    message: "Request timed out.",
    when: "The call took longer than 30 seconds: the work is told to stop, but a change may still be made. Retry with the same Idempotency-Key to get its answer without making it twice.",
  },
} as const satisfies Record<string, { status: number; message: string; when: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** Success codes some calls answer in their body, as the earlier client expects. */
export const API_SUCCESS_CODES = {
  ENROLL_NOTIFICATION_SUCCESS: "The user is enrolled in email notifications.",
  SUCCESS: "Done.",
} as const;

/** A failure with its catalogue code; the API's wrapper turns it into the response. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? API_ERRORS[code].message);
    this.status = API_ERRORS[code].status;
  }
}

export function apiErrorBody(error: ApiError) {
  return { responseCode: error.code, message: error.message, ...error.extra };
}
