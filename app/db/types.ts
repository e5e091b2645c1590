import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/**
 * The database, or a transaction on it, as the models receive it. Code outside app/models
 * and app/db may hold one to pass a transaction from one model call to the next, never to
 * query it (docs/decisions/029-typed-sql.md).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = "pglite" | "postgresql";
