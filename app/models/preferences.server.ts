import { eq, sql } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";

export const RESULTS_VIEWS = ["cardView", "tableView"] as const;
export type ResultsView = (typeof RESULTS_VIEWS)[number];

/** The results view as a column of the session read (null: no preferences yet, so 'cardView'). */
export const resultsViewColumn = sql<
  string | null
>`(SELECT toggle_view FROM user_preferences WHERE user_id = ${schema.users.id})`;

/** The user's results view (toggleView, default 'cardView'). */
export async function getResultsView(userId: number, db?: Db): Promise<ResultsView> {
  db ??= await getDb();
  const [row] = await db
    .select({ toggleView: schema.userPreferences.toggleView })
    .from(schema.userPreferences)
    .where(eq(schema.userPreferences.userId, userId));
  return row?.toggleView === "tableView" ? "tableView" : "cardView";
}

export async function setResultsView(userId: number, view: ResultsView, db?: Db) {
  db ??= await getDb();
  await db
    .insert(schema.userPreferences)
    .values({ userId, toggleView: view })
    .onConflictDoUpdate({
      target: schema.userPreferences.userId,
      set: { toggleView: view, updatedAt: new Date() },
    });
}
