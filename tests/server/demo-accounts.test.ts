import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";
import { startRefused, startServer, stopServer } from "./harness";

// The demo accounts share a password printed in the README: a production server creates them
// only when asked (DEMO=1), and will not start on a database where one can sign in otherwise.

const refusal = expect.objectContaining({
  level: "fatal",
  msg: expect.stringMatching(
    /^refusing to start: the database has demo accounts \(admin@example\.org, alerts@example\.org, editor@example\.org, member@example\.org, reports@example\.org\), whose password is published in the README\./,
  ),
});

describe("a production server and the demo accounts", () => {
  it("creates none on an empty store unless asked, and starts beside them only with DEMO=1", async () => {
    // `npm start` on an empty embedded store: no account a stranger knows the password of.
    const plain = await startServer({ env: { DEMO: "" } });
    await expect(plain.signIn("admin@example.org")).rejects.toThrow("could not sign in");
    await expect(plain.signIn("member@example.org")).rejects.toThrow("could not sign in");
    expect(await stopServer(plain)).toBe(0);

    // A demo site, asked for.
    const demo = await startServer();
    await demo.signIn("member@example.org");
    expect(await stopServer(demo)).toBe(0);

    // The same database without DEMO=1 (or with DEMO=0): refused, saying why.
    for (const DEMO of ["", "0"]) {
      const refused = await startRefused({ dataDir: demo.dataDir, env: { DEMO } });
      expect(refused.code).toBe(1);
      expect(refused.lines).toContainEqual(refusal);
      expect(refused.lines.some((line) => line.msg.startsWith("listening on"))).toBe(false);
    }

    // Once they are suspended or deleted, it starts.
    const db = await PGlite.create({
      dataDir: path.join(demo.dataDir, "pglite"),
      extensions: { pg_trgm },
    });
    await db.query(
      `UPDATE users SET suspended_at = now() WHERE lower(email) IN ('member@example.org', 'editor@example.org', 'reports@example.org', 'alerts@example.org')`,
    );
    await db.query(`UPDATE users SET deleted_at = now() WHERE lower(email) = 'admin@example.org'`);
    await db.close();
    const cleaned = await startServer({ dataDir: demo.dataDir, env: { DEMO: "" } });
    expect(cleaned.lines).not.toContainEqual(refusal);
    expect(await stopServer(cleaned)).toBe(0);
  }, 240_000);
});
