import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";
import { type TestPostgres, startPostgres } from "./postgres";

/**
 * PostgreSQL restarted under load: requests fail with the friendly 503 page for a few seconds
 * at most, then the same app process recovers by itself, and no acknowledged write is lost.
 */

let postgres: TestPostgres | undefined;
let server: RunningServer | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
  postgres?.stop();
});

interface Outcome {
  at: number;
  status: number;
  body: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a PostgreSQL restart under load", () => {
  it("answers 503 'unavailable for a moment' while the server is away, then recovers with no write lost", async () => {
    postgres = await startPostgres();
    server = await startServer({ demoRecords: 200, env: { DATABASE_URL: postgres.url } });
    const running = server;
    const member = await running.signIn("member@example.org");
    const started = performance.now();
    const now = () => performance.now() - started;
    const outcomes: Outcome[] = [];
    let stop = false;
    let acknowledged = "";
    let inFlight = "";

    const reader = async () => {
      while (!stop) {
        const response = await fetch(`${running.base}/search?q=cancer`, {
          headers: { Cookie: member },
        });
        outcomes.push({ at: now(), status: response.status, body: await response.text() });
      }
    };
    const writer = async () => {
      for (let n = 1; !stop; n++) {
        inFlight = `Restart${n}`;
        const response = await fetch(`${running.base}/myaccount/profile`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Cookie: member,
            Origin: running.base,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({
            firstName: inFlight,
            lastName: "Member",
            email: "member@example.org",
          }),
        });
        outcomes.push({ at: now(), status: response.status, body: await response.text() });
        if (response.status === 303) acknowledged = inFlight;
      }
    };
    const load = Promise.all([reader(), reader(), reader(), writer()]);

    await sleep(2_000);
    const restartBegan = now();
    await postgres.restart();
    const restartEnded = now();
    await sleep(8_000);
    stop = true;
    await load;

    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    // Only answers a user can act on: pages, redirects after a write, and the 503 page.
    const errors = [
      ...new Set(
        running.lines
          .filter((line) => line.level === "error")
          .map((line) =>
            line.err
              ? `${line.msg}: ${(line.err as { message?: string }).message?.slice(-120)}`
              : `${line.msg} ${line.method} ${line.path} ${line.status}`,
          ),
      ),
    ];
    expect(
      [...statuses].filter((status) => ![200, 303, 503].includes(status)),
      errors.join("\n"),
    ).toEqual([]);
    const failures = outcomes.filter((outcome) => outcome.status === 503);
    expect(failures.length).toBeGreaterThan(0); // the restart was felt, so the test means something
    for (const failure of failures) {
      expect(failure.body).toContain("Sorry, the service is unavailable for a moment");
      expect(failure.body).toMatch(/Quote reference <code>[0-9a-f]{16}<\/code>/);
      // Who is signed in could not be read: the header offers neither "Login" nor "Sign Up".
      expect(failure.body).not.toContain("Sign Up");
    }
    // Failures only around the restart, and at most a few seconds after it ended.
    expect(Math.min(...failures.map((failure) => failure.at))).toBeGreaterThan(restartBegan - 100);
    expect(Math.max(...failures.map((failure) => failure.at))).toBeLessThan(restartEnded + 5_000);
    // Recovered by itself: the same process answers every request of the last seconds.
    expect(running.child.exitCode).toBeNull();
    const last = outcomes.filter((outcome) => outcome.at > restartEnded + 5_000);
    expect(last.length).toBeGreaterThan(10);
    expect(last.every((outcome) => outcome.status === 200 || outcome.status === 303)).toBe(true);
    // No acknowledged write lost: the name is the last acknowledged one (or the one in flight at the end).
    const profile = await (
      await fetch(`${running.base}/myaccount/profile`, { headers: { Cookie: member } })
    ).text();
    const saved = /name="firstName"[^>]*value="([^"]*)"/.exec(profile)?.[1];
    expect([acknowledged, inFlight]).toContain(saved);
    // Failed queries are logged without their parameters (a session's hash among them).
    expect(JSON.stringify(running.lines)).not.toMatch(/params: (?!\(not logged\))/);
    const first = Math.round(Math.min(...failures.map((failure) => failure.at)) - restartBegan);
    const lastFailure = Math.round(
      Math.max(...failures.map((failure) => failure.at)) - restartBegan,
    );
    console.log(
      `PostgreSQL restart took ${Math.round(restartEnded - restartBegan)} ms: ${failures.length} of ${outcomes.length} requests answered 503, from ${first} to ${lastFailure} ms after it began`,
    );
    // Each failure was logged once, as the database being unreachable, with its request's id.
    const logged = running.lines.filter((line) => line.msg === "the database is unreachable");
    expect(logged.length).toBeGreaterThan(0);
    expect(running.lines.filter((line) => line.msg === "request failed")).toEqual([]);
  }, 120_000);
});
