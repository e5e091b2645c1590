/** The service's health, for load balancers and monitors (our own call; /apitest shows it). */
import { z } from "zod";
import { apiJson, defineOperation } from "~/api/operation.server";
import { readToken } from "~/api/tokens.server";
import { getOptionalUser } from "~/auth/auth.server";
import { getServiceStatus, statusFor } from "~/models/health.server";

const GROUP = "Other";

const serviceStatus = z
  .object({
    version: z.string(),
    live: z.literal(true),
    ready: z.boolean(),
    database: z.object({
      engine: z.enum(["pglite", "postgresql", "unknown"]),
      answers: z.boolean(),
      latencyMs: z.number().nullable(),
      error: z.string().optional(),
    }),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int() }).nullable(),
    searchIndex: z.object({ built: z.boolean(), records: z.number().int().optional() }),
    records: z.number().int().nullable(),
    checkedAt: z.iso.datetime(),
  })
  .meta({ id: "ServiceStatus" });

const publicServiceStatus = z
  .object({ live: z.literal(true), ready: z.boolean(), checkedAt: z.iso.datetime() })
  .meta({ id: "PublicServiceStatus" });

/**
 * Whether the caller is signed in: a live bearer token, or else a browser's session (the
 * /apitest page links here). A database that does not answer signs no one in: the answer is
 * then the 503 status, never an error.
 */
async function signedIn(request: Request) {
  try {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
    if (bearer) return (await readToken(bearer[1])).status === "active";
    return (await getOptionalUser(request)) !== null;
  } catch {
    return false;
  }
}

export const health = defineOperation({
  id: "health",
  method: "GET",
  path: "/health",
  group: GROUP,
  summary:
    "Readiness: 200 when the database answers, has every migration and the search index is built; 503 otherwise. No auth; without a token only live, ready and checkedAt, with one also the version, the database, the migrations and the record count.",
  access: "none",
  page: "/apitest",
  response: z.union([serviceStatus, publicServiceStatus]),
  async handle({ request }) {
    const status = await getServiceStatus();
    // A 503 is an answer here, not a failure: the body says what is not ready.
    return apiJson(statusFor(status, await signedIn(request)), status.ready ? 200 : 503);
  },
});

export const liveness = defineOperation({
  id: "liveness",
  method: "GET",
  path: "/health/live",
  group: GROUP,
  summary:
    "Liveness: the process answers. Touches nothing else, so a database outage does not make an orchestrator restart healthy processes. No auth.",
  access: "none",
  page: null,
  response: z.object({ live: z.literal(true) }),
  async handle() {
    return { live: true as const };
  },
});

export const healthOperations = [health, liveness];
