import { MessageChannel } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteClient, serveDatabase } from "~/db/remote.server";

// The database in this thread, reached as an app thread reaches it: through a port.
let pglite: PGlite;
let client: ReturnType<typeof remoteClient>;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec("CREATE TABLE notes (id int PRIMARY KEY, body text, at timestamptz)");
  const { port1, port2 } = new MessageChannel();
  serveDatabase(pglite, port1);
  client = remoteClient(port2);
  db = drizzle({ client: client as unknown as PGlite });
});
afterAll(async () => {
  await client.close();
  await pglite.close();
});

const count = async () =>
  (await pglite.query<{ n: number }>("SELECT count(*)::int AS n FROM notes")).rows[0].n;

describe("the embedded database through a port", () => {
  it("answers statements as PGlite does, timestamps kept as text for drizzle", async () => {
    await db.execute(
      sql`INSERT INTO notes VALUES (1, ${"a".repeat(100_000)}, '2026-01-02T03:04:05Z')`,
    );
    const { rows } = (await db.execute(
      sql`SELECT id, body, at FROM notes WHERE id = 1`,
    )) as unknown as {
      rows: { id: number; body: string; at: string }[];
    };
    expect(rows[0].body).toHaveLength(100_000);
    expect(rows[0].at).toBe("2026-01-02 03:04:05+00");
  });

  it("hands over json and jsonb parsed, by name and by position, and null as null", async () => {
    const query = `SELECT '{"a":[1,"x"]}'::jsonb AS doc, '[true]'::json AS list, NULL::jsonb AS nothing`;
    const byName = await client.query<Record<string, unknown>>(query);
    expect(byName.rows[0]).toEqual({ doc: { a: [1, "x"] }, list: [true], nothing: null });
    const byPosition = await client.query<unknown[]>(query, [], { rowMode: "array" });
    expect(byPosition.rows[0]).toEqual([{ a: [1, "x"] }, [true], null]);
  });

  it("commits a transaction as a whole, and rolls it back whole when its work fails", async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes (id) VALUES (2)`);
      await tx.execute(sql`INSERT INTO notes (id) VALUES (3)`);
    });
    expect(await count()).toBe(3);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes (id) VALUES (4)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count()).toBe(3);
  });

  it("carries the database's error code and message over", async () => {
    const error = await db.execute(sql`INSERT INTO notes (id) VALUES (1)`).catch((e) => e);
    const cause = (error.cause ?? error) as { code?: string; message: string };
    expect(cause.code).toBe("23505");
    expect(cause.message).toMatch(/duplicate key/);
  });

  it("keeps statements from outside out of an open transaction", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes (id) VALUES (10)`);
      await held;
      throw new Error("roll back");
    });
    // Sent while the transaction is open: it waits, and then does not see the rolled-back row.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.execute(sql`SELECT count(*)::int AS n FROM notes WHERE id = 10`);
    release();
    await expect(transaction).rejects.toThrow("roll back");
    const { rows } = (await outside) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(0);
  });

  it("rolls back what a thread that is gone left open", async () => {
    const { port1, port2 } = new MessageChannel();
    const lost = serveDatabase(pglite, port1);
    const other = drizzle({ client: remoteClient(port2) as unknown as PGlite });
    let begun: () => void = () => {};
    const inside = new Promise<void>((resolve) => (begun = resolve));
    void other
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO notes (id) VALUES (20)`);
        begun();
        await new Promise(() => {}); // the thread dies here
      })
      .catch(() => {});
    await inside;
    lost.abandon();
    expect(await count()).toBe(3);
  });
});
