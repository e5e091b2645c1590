import path from "node:path";
import { z } from "zod";

const DEV_SESSION_SECRET = "development-only-session-secret";
/** The shortest SESSION_SECRET a production server accepts: it signs the cookies and keys two-step secrets. */
export const MIN_SECRET_LENGTH = 32;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // 0: any free port (the "listening" log line says which).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default("Horizon Scanning <no-reply@horizon.example.org>"),
  CONTACT_TO: z.string().min(1).default("support@horizon.example.org"),
  // Where vulnerabilities are reported (/.well-known/security.txt): a mailto: or https: URI.
  SECURITY_CONTACT: z
    .string()
    .regex(/^(mailto|https):/)
    .default("mailto:security@horizon.example.org"),
  APP_VERSION: z.string().min(1).default("2.17.2"),
  DEMO: z.enum(["0", "1"]).optional(),
  // How many generated records a demo database starts with.
  DEMO_RECORDS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  // 0: a demo database without the demo website alerts (the browser tests make their own).
  DEMO_ALERTS: z.enum(["0", "1"]).default("1"),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .default(8 * 60),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  // How long a JSON API bearer token lasts after sign-in (decision 023).
  API_TOKEN_HOURS: z.coerce.number().positive().default(12),
  QC_REPORTS_URL: z.url().optional(),
  // The address emails link to (alerts, digests, their stop links).
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  // How often the app process runs the scheduled jobs (alerts, digests); 0 turns it off.
  JOBS_INTERVAL_SECONDS: z.coerce.number().min(0).default(900),
  // How often each app process (and thread) looks for waiting background jobs (exports,
  // imports); a job queued by the process itself starts at once. 0: this process runs none
  // (run them with npm run jobs, or another process).
  JOB_POLL_SECONDS: z.coerce.number().min(0).default(2),
  // 1: print every SQL statement the app sends (npm run bench:pages counts them per request).
  DB_LOG_QUERIES: z.enum(["0", "1"]).optional(),
  // How many search answers each process keeps for repeated requests (0: none); any change to
  // the catalogue empties the cache.
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  // How many app threads the production server runs (1: everything on the main thread).
  APP_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  // How many requests each process works on at a time; the others wait their turn.
  MAX_ACTIVE_REQUESTS: z.coerce.number().int().min(1).default(16),
  // A connection whose request headers have not all arrived this long after it began is
  // answered 408 and closed (app/server/http-server.ts).
  HEADERS_LIMIT_SECONDS: z.coerce.number().positive().max(600).default(10),
  // The same for the whole request, its body included (at least HEADERS_LIMIT_SECONDS).
  REQUEST_LIMIT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  // How long a mail sender's claim on an email lasts: one that dies mid-send leaves it to be
  // sent by another after this.
  OUTBOX_LEASE_SECONDS: z.coerce.number().positive().default(300),
  // The address to listen on (unset: every interface).
  HOST: z.string().min(1).optional(),
  // How much the JSON log says: fatal, error, warn, info (the default), debug, trace, silent.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  // How many proxies stand in front of the app (0 or unset: none). Their X-Forwarded-For,
  // -Proto and -Host are believed that many hops back; a client's own are not.
  TRUST_PROXY: z.coerce.number().int().min(0).max(16).default(0),
});

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string; dataDir: string };

function emptyToUndefined(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(emptyToUndefined(source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === "production" && !value.SESSION_SECRET) {
    throw new Error("SESSION_SECRET must be set in production.");
  }
  if (value.NODE_ENV === "production" && (value.SESSION_SECRET ?? "").length < MIN_SECRET_LENGTH) {
    throw new Error(
      `SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters in production (a short one can be guessed, and it signs every session). Make one with: openssl rand -hex 32`,
    );
  }
  return {
    ...value,
    SESSION_SECRET: value.SESSION_SECRET ?? DEV_SESSION_SECRET,
    dataDir: path.resolve(value.DATA_DIR),
  };
}

let cached: Env | undefined;

/** The configuration, read once from the environment. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvForTesting() {
  cached = undefined;
}
