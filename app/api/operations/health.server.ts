/** The service's health, for load balancers and monitors (not in the spec; /apitest shows it). */
import { z } from "zod";
import { apiJson, defineOperation } from "~/api/operation.server";
import { getServiceStatus } from "~/models/health.server";

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

export const health = defineOperation({
  id: "health",
  method: "GET",
  path: "/health",
  group: GROUP,
  summary:
    "Readiness: 200 when the database answers, has every migration and the search index is built; 503 otherwise. No auth.",
  access: "none",
  page: "/apitest",
  response: serviceStatus,
  async handle() {
    const status = await getServiceStatus();
    // A 503 is an answer here, not a failure: the body says what is not ready.
    return apiJson(status, status.ready ? 200 : 503);
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
