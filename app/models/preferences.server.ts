import { eq, sql } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";

export const RESULTS_VIEWS = ["cardView", "tableView"] as const;
export type ResultsView = (typeof RESULTS_VIEWS)[number];

const { userPreferences } = schema;

/** The results view as a column of the session read (null: no preferences yet, so 'cardView'). */
export const resultsViewColumn = sql<string | null>`(SELECT ${userPreferences.toggleView}
  FROM ${userPreferences} WHERE ${userPreferences.userId} = ${schema.users.id})`;

/** The user's results view (toggleView, default 'cardView'). */
export async function getResultsView(userId: number, db?: Db): Promise<ResultsView> {
  db ??= await getDb();
  const [row] = await db
    .select({ toggleView: userPreferences.toggleView })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.toggleView === "tableView" ? "tableView" : "cardView";
}

export async function setResultsView(userId: number, view: ResultsView, db?: Db) {
  db ??= await getDb();
  await db
    .insert(userPreferences)
    .values({ userId, toggleView: view })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { toggleView: view, updatedAt: new Date() },
    });
}
