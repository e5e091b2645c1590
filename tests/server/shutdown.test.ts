import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "./harness";

/** Sends a request whose body arrives in two parts, `gapMs` apart; resolves with the status line. */
function slowRequest(base: string, body: string, gapMs: number, onStarted: () => void) {
  const { hostname, port } = new URL(base);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("end", () => resolve(reply.split("\r\n")[0]));
    socket.on("error", reject);
    socket.write(
      `POST /login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${base}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 10), () => {
      onStarted();
      setTimeout(() => socket.write(body.slice(10)), gapMs);
    });
  });
}

describe("a clean stop", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "on %s: no new connections, the request in flight completes, the database closes, exit code 0",
    async (signal) => {
      const server = await startServer();
      const body = new URLSearchParams({ email: "member@example.org", password: "horizon-demo" });
      const reply = slowRequest(server.base, body.toString(), 1500, () => {
        // The request has started; the stop signal comes while its body is still on the way.
        setTimeout(() => server.child.kill(signal), 200);
      });
      // Once stopping, the port takes no new connection.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const refused = await fetch(`${server.base}/api/health`).then(
        () => "answered",
        () => "refused",
      );
      expect(refused).toBe("refused");
      // The sign-in in flight still signs in: its redirect comes back whole.
      expect(await reply).toBe("HTTP/1.1 302 Found");
      expect(await server.exited).toBe(0);
      const messages = server.lines.map((line) => line.msg);
      expect(messages).toContain("stopping: no new requests; finishing those in flight");
      const request = server.lines.find((line) => line.msg === "request" && line.path === "/login");
      expect(request).toMatchObject({ method: "POST", status: 302 });
      // Then each app thread stops its workers (the background-job worker, the scheduled
      // jobs, the mail sender) after their batch, writes its search index if it moved on, and
      // closes its connection, in that order; last the main thread closes the database.
      const steps = server.lines
        .filter((line) => line.msg.startsWith("stopped: "))
        .map((line) => `${line.thread ?? "main"} ${line.msg}`);
      expect(steps.slice(-1)).toEqual(["main stopped: database"]);
      for (const thread of [0, 1]) {
        expect(steps.filter((step) => step.startsWith(`${thread} `))).toEqual(
          ["background jobs", "jobs", "outbox", "search index snapshot", "database"].map(
            (step) => `${thread} stopped: ${step}`,
          ),
        );
      }
      expect(steps).toHaveLength(11);
      expect(messages.at(-1)).toBe("stopped");
      // The data folder is free again: no pid file, no control socket.
      expect(existsSync(path.join(server.dataDir, "app.pid"))).toBe(false);
      expect(existsSync(path.join(server.dataDir, "control.sock"))).toBe(false);
      expect(messages.indexOf("stopped")).toBeGreaterThan(server.lines.indexOf(request as never));
      expect(server.lines.filter((line) => line.level === "error")).toEqual([]);
    },
    60_000,
  );
});
