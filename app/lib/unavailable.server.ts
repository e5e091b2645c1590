/** PostgreSQL's error classes for a server that is going away or not taking connections. */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
const UNAVAILABLE_CODE = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * Whether an error means the database could not be reached for a moment (a PostgreSQL server
 * restarting, a dropped connection) rather than a fault: such a request is answered 503
 * "try again in a few seconds", and the next one tries a fresh connection. Wrapped errors
 * (drizzle's, the pool's) are followed through their `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_CODE.has(code))
    ) {
      return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
