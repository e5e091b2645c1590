import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type TestPostgres, startPostgres } from "./postgres";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";

/**
 * A mail sender killed mid-batch, against a PostgreSQL server: the emails it had claimed wait
 * for the lease, are then sent by the next sender, and none goes twice.
 */

const run = promisify(execFile);
const EMAILS = 30;
// Long enough for a second sender to start, look and stop inside the lease on a busy machine
// (3 s was not, with other test processes beside it).
const LEASE_SECONDS = 10;

let postgres: TestPostgres | undefined;
let sink: SmtpSink | undefined;

afterAll(async () => {
  await sink?.close();
  postgres?.stop();
});

describe("a mail sender killed mid-batch", () => {
  it("leaves its claimed emails to the next sender after the lease, and no email goes twice", async () => {
    postgres = await startPostgres();
    sink = await startSmtpSink();
    const env = {
      ...process.env,
      DATABASE_URL: postgres.url,
      SMTP_URL: sink.url,
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: "warn",
    };
    const sender = ["--import", "tsx", "app/cli/send-outbox.ts"];
    // A first run migrates the empty database (and finds nothing to send).
    await run(process.execPath, sender, { env });
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO outbox (to_address, subject, text_body)
         SELECT 'member' || n || '@example.org', 'Email ' || n, 'Body ' || n FROM generate_series(1, ${EMAILS}) AS n`,
      );

      // The sender claims the whole batch, delivers nine, and dies waiting on the tenth.
      const held = sink.hold(10);
      const first = spawn(process.execPath, sender, { env, stdio: "ignore" });
      await held;
      first.kill("SIGKILL");
      await new Promise((resolve) => first.once("exit", resolve));
      expect(sink.accepted).toHaveLength(9);

      // Another sender at once leaves the claimed emails alone: they are under the lease.
      const early = await run(process.execPath, sender, { env });
      expect(early.stdout).toContain("Outbox: 0 sent");
      expect(sink.accepted).toHaveLength(9);

      // After the lease, the next sender sends the rest, each once.
      await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 1000 + 500));
      const after = await run(process.execPath, sender, { env });
      expect(after.stdout).toContain(`Outbox: ${EMAILS - 9} sent`);
      expect(sink.accepted).toHaveLength(EMAILS);
      expect(new Set(sink.accepted).size).toBe(EMAILS);
      const { rows } = await db.query<{ unsent: number }>(
        "SELECT count(*)::int AS unsent FROM outbox WHERE sent_at IS NULL",
      );
      expect(rows[0].unsent).toBe(0);
    } finally {
      await db.end();
    }
  }, 120_000);
});
