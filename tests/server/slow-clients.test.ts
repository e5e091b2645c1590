import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

// Clients that send their request a byte a second ("slowloris") must not take the server's
// turns (MAX_ACTIVE_REQUESTS) from everyone else, and are ended once their headers or their
// body are late. The time limits are shortened here (2 s and 4 s instead of 10 s and 30 s;
// the defaults are checked in tests/unit/http-server.test.ts).

const SLOW = 50;
const HEADERS_SECONDS = 2;
const REQUEST_SECONDS = 4;

interface SlowClient {
  /** Resolves with what the server sent back, once it has closed the connection. */
  closed: Promise<{ reply: string; afterMs: number }>;
  stop: () => void;
}

/** A client that sends `start` at once, then one more byte of `rest` a second. */
function trickle(base: string, start: string, rest: string): SlowClient {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  const began = Date.now();
  let reply = "";
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    reply += chunk;
  });
  // The server may close while a byte is on its way: that is the point.
  socket.on("error", () => {});
  const closed = new Promise<{ reply: string; afterMs: number }>((resolve) =>
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ reply, afterMs: Date.now() - began });
    }),
  );
  socket.write(start);
  let sent = 0;
  timer = setInterval(() => {
    if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++]);
  }, 1000);
  return { closed, stop: () => socket.destroy() };
}

/** A GET's status and time; one that has not answered in 5 s counts as "none". */
async function timed(url: string) {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.text();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: "none", ms: performance.now() - started };
  }
}

const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await stopServer(server);
});

describe("slow clients", () => {
  it.each([
    ["two app threads", "2"],
    ["the main thread alone", "1"],
  ])(
    "%s: a page answers within a second while 50 clients send a byte a second, and each of them is ended",
    async (_name, threads) => {
      const server = await startServer({
        env: {
          APP_THREADS: threads,
          HEADERS_LIMIT_SECONDS: String(HEADERS_SECONDS),
          REQUEST_LIMIT_SECONDS: String(REQUEST_SECONDS),
        },
      });
      running.push(server);
      const { host } = new URL(server.base);
      // Warm: the first render of a page builds what later ones reuse.
      expect((await timed(`${server.base}/about`)).status).toBe(200);

      const body = new URLSearchParams({ email: "member@example.org", password: "x" }).toString();
      const clients = Array.from({ length: SLOW }, (_, i) =>
        i % 2 === 0
          ? // Headers that never finish.
            trickle(
              server.base,
              `GET /about HTTP/1.1\r\nHost: ${host}\r\n`,
              "X-Slow: yes".repeat(10),
            )
          : // Whole headers, then a form a byte a second.
            trickle(
              server.base,
              `POST /login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.base}\r\n` +
                `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
              body,
            ),
      );
      let open = SLOW;
      const all = Promise.all(
        clients.map((client) =>
          client.closed.then((result) => {
            open -= 1;
            return result;
          }),
        ),
      );
      const started = Date.now();
      try {
        // While every slow client is still sending, ordinary pages answer at once.
        const answers: number[] = [];
        while (open === SLOW && Date.now() - started < HEADERS_SECONDS * 1000) {
          const { status, ms } = await timed(`${server.base}/about`);
          expect(status).toBe(200);
          answers.push(ms);
        }
        expect(answers.length).toBeGreaterThanOrEqual(3);
        expect(Math.max(...answers)).toBeLessThan(1000);

        // Each is ended: 408 once its headers or its whole request are late (the server
        // looks once a second or sooner).
        const late = new Promise<"still connected">((resolve) =>
          setTimeout(() => resolve("still connected"), REQUEST_SECONDS * 1000 + 5000).unref(),
        );
        const results = await Promise.race([all, late]);
        expect(results).not.toBe("still connected");
        if (!Array.isArray(results)) return;
        for (const [i, { reply, afterMs }] of results.entries()) {
          expect(reply.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
          const limit = (i % 2 === 0 ? HEADERS_SECONDS : REQUEST_SECONDS) * 1000;
          expect(afterMs).toBeGreaterThanOrEqual(limit - 100);
          expect(afterMs).toBeLessThan(limit + 2500);
        }
        // And the server is still well: a page, and a form whose body comes at once.
        expect((await timed(`${server.base}/about`)).status).toBe(200);
        expect(await server.signIn("member@example.org")).toMatch(/^hsd_session=/);
      } finally {
        for (const client of clients) client.stop();
      }
    },
    // Most of it is starting the server, slow on a busy machine.
    150_000,
  );
});
