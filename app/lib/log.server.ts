import pino from "pino";
import { processState } from "~/lib/process-state.server";
import { currentRequest } from "~/lib/request-context.server";

/**
 * An error as logged: pino's standard form, without a failed query's parameters. drizzle
 * puts them in the message ("Failed query: … params: …") and on the error, and they can be
 * a session's hash, an email address or a password's hash.
 */
export function serializeError(error: unknown) {
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error as Error) };
  // The parameters run from "params:" to the end of the message, over any number of lines (a
  // contact message's text is one); in the stack, up to its first "    at" frame.
  const withoutParams = (value: unknown) =>
    typeof value === "string"
      ? value.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: (not logged)")
      : value;
  const scrub = (target: Record<string, unknown>) => {
    target.message = withoutParams(target.message);
    target.stack = withoutParams(target.stack);
    // node's URL errors carry the address they could not read: a DATABASE_URL has a password.
    delete target.params;
    delete target.input;
  };
  scrub(serialized);
  for (
    let cause = serialized.cause, depth = 0;
    cause && typeof cause === "object" && depth < 5;
    depth++
  ) {
    scrub(cause as Record<string, unknown>);
    cause = (cause as Record<string, unknown>).cause;
  }
  return serialized;
}

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function level() {
  const wanted = process.env.LOG_LEVEL;
  if (wanted && (LEVELS as readonly string[]).includes(wanted)) return wanted;
  return process.env.NODE_ENV === "test" ? "warn" : "info";
}

/**
 * The server's log: one JSON object per line on standard output (pino). A line written while
 * a request is answered carries its id (`reqId`), so an error can be tied to the request, and
 * the request to the error page the user quotes. Never log a cookie, a password or a token.
 */
export const log = processState("__hsdLog", () => ({
  logger: pino(
    {
      level: level(),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      mixin() {
        const request = currentRequest();
        return request ? { reqId: request.id } : {};
      },
    },
    // Written at once, in order: the main thread and each app thread write to the same
    // standard output, and an asynchronous line could land after the ones written at exit.
    pino.destination({ dest: 1, sync: true }),
  ),
})).logger;

/** An information line from one part of the server: `{"source":"search","msg":"index built"}`. */
export function logInfo(source: string, message: string, fields: Record<string, unknown> = {}) {
  log.info({ source, ...fields }, message);
}

export function logWarn(source: string, message: string, fields: Record<string, unknown> = {}) {
  log.warn({ source, ...fields }, message);
}

/** An error with its stack (pino's `err` serializer), from one part of the server. */
export function logError(source: string, message: string, error: unknown) {
  log.error({ source, err: error }, message);
}
