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

describe("statements kept prepared by the database's side", () => {
  const prepared = async () =>
    (
      await pglite.query<{ name: string; statement: string }>(
        "SELECT name, statement FROM pg_prepared_statements",
      )
    ).rows;
  const named = async (text: string) =>
    (await prepared()).filter((row) => row.statement === text).map((row) => row.name);
  const bodyOf = async (id: number) => {
    const { rows } = await client.query<{ body: string | null }>(
      "SELECT body FROM notes WHERE id = $1",
      [id],
    );
    return rows.map((row) => row.body);
  };

  it("prepares a text the second time it comes, and answers every time with its own values", async () => {
    await db.execute(sql`INSERT INTO notes (id, body) VALUES (30, 'thirty'), (31, 'thirty-one')`);
    const text = "SELECT body FROM notes WHERE id = $1";
    expect(await bodyOf(30)).toEqual(["thirty"]);
    expect(await named(text)).toEqual([]);
    expect(await bodyOf(31)).toEqual(["thirty-one"]);
    const names = await named(text);
    expect(names).toHaveLength(1);
    // Later uses bind to it: the same one statement, each with its own values.
    expect(await bodyOf(30)).toEqual(["thirty"]);
    expect(await bodyOf(99)).toEqual([]);
    expect(await bodyOf(31)).toEqual(["thirty-one"]);
    expect(await named(text)).toEqual(names);
  });

  it("answers from a plain statement when the database has let its prepared one go", async () => {
    const text = "SELECT body FROM notes WHERE id = $1";
    expect(await named(text)).toHaveLength(1);
    await pglite.exec("DEALLOCATE ALL");
    expect(await bodyOf(30)).toEqual(["thirty"]);
    // Its text is prepared afresh, under a new name, after it comes twice more.
    expect(await bodyOf(31)).toEqual(["thirty-one"]);
    expect(await bodyOf(30)).toEqual(["thirty"]);
    expect(await named(text)).toHaveLength(1);
  });

  it("keeps at most 256, letting the least recently used go, and each still answers", async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `SELECT ${i} + $1::int AS n`);
    for (const text of texts) {
      for (const round of [1, 2]) {
        const { rows } = await client.query<{ n: number }>(text, [round]);
        expect(rows[0].n).toBe(Number(/SELECT (\d+)/.exec(text)?.[1]) + round);
      }
    }
    // Let go in the background: give the last DEALLOCATE its turn.
    await pglite.query("SELECT 1");
    const kept = new Set((await prepared()).map((row) => row.statement));
    expect(kept.size).toBeLessThanOrEqual(256);
    expect(kept.has(texts[299])).toBe(true);
    expect(kept.has(texts[0])).toBe(false);
    const { rows } = await client.query<{ n: number }>(texts[0], [5]);
    expect(rows[0].n).toBe(5);
  });

  it("prepares nothing inside a transaction, and a failing text never", async () => {
    const text = "SELECT count(*)::int AS n FROM notes WHERE id > $1";
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql.raw(text.replace("$1", "0")));
    });
    await client.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.query(text, [0]);
    });
    expect(await named(text)).toEqual([]);
    const broken = "SELECT nothing_here FROM notes WHERE id = $1";
    for (let i = 0; i < 3; i++) {
      await expect(client.query(broken, [1])).rejects.toThrow(/nothing_here/);
    }
    expect(await named(broken)).toEqual([]);
  });
});
