import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, inject } from "vitest";
import { turnOffStaffTwoStep } from "../staff-two-step";

// A test that fails midway must not leave its servers running: whatever is still alive when
// the file ends is killed.
const started = new Set<ChildProcess>();
afterAll(() => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
});

/** One line of the server's JSON log. */
export type LogLine = Record<string, unknown> & { level: string; msg: string };

export interface RunningServer {
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** Every JSON line the server has written so far. */
  lines: LogLine[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** The session cookie of a demo account (password horizon-demo). */
  signIn: (email: string) => Promise<string>;
}

/** The variables the built server runs with: production, a fresh port, the demo accounts. */
function serverEnv(
  dataDir: string,
  options: { demoRecords?: number; env?: Record<string, string> },
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: "0",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SESSION_SECRET: "a-secret-for-the-server-tests-only",
    // Asked for: a production server seeds no demo accounts, and starts with them only so.
    DEMO: "1",
    DEMO_RECORDS: String(options.demoRecords ?? 0),
    JOBS_INTERVAL_SECONDS: "0",
    LOG_LEVEL: "info",
    ...options.env,
  };
}

const parseLine = (text: string): LogLine | undefined => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // not a log line
  }
};

/**
 * Starts the built server where it is expected to refuse to start, and resolves with its exit
 * code and log once it has ended. One that listens after all, or is still starting after a
 * minute, is killed (its code is then "SIGKILL").
 */
export async function startRefused(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<{ code: number | string; lines: LogLine[] }> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "hsd-server-"));
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: serverEnv(dataDir, options),
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.add(child);
  const lines: LogLine[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (text) => {
    const line = parseLine(text);
    if (!line) return;
    lines.push(line);
    // It started after all: stopped at once, and the caller sees its exit code.
    if (line.msg.startsWith("listening on")) child.kill("SIGKILL");
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | string>((resolve) =>
    child.once("close", (exitCode, signal) => resolve(exitCode ?? signal ?? "unknown")),
  );
  clearTimeout(timer);
  return { code, lines };
}

/**
 * Starts the built production server (`npm start`: app/server/main.ts) as its own process on a
 * free port, and resolves once it answers /api/health. The embedded database lives in
 * `dataDir` (a new folder unless given), seeded with the demo accounts and `demoRecords`.
 */
export async function startServer(
  options: { dataDir?: string; demoRecords?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    // A new folder starts from the run's migrated database (tests/global-setup.ts).
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hsd-server-"));
    const template = inject("pgliteTemplate");
    if (template) cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  }
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: serverEnv(dataDir, options),
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.add(child);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const lines: LogLine[] = [];
  const port = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (text) => {
      const line = parseLine(text);
      if (!line) return;
      lines.push(line);
      if (typeof line.msg === "string" && line.msg.startsWith("listening on")) {
        resolve(Number(line.port));
      }
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  const base = `http://127.0.0.1:${await port}`;
  // Two minutes: a busy machine builds the index slowly. A server that never gets there is
  // stopped, or it would hold the data folder against the next one started on it.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error("the server never became healthy");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const passwordSignIn = (email: string) =>
    fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: "horizon-demo" }),
    });
  const signIn = async (email: string) => {
    let response = await passwordSignIn(email);
    // Staff are asked to set up two-step sign-in until an admin turns that off for them.
    if (response.headers.get("location")?.startsWith("/myaccount/two-step")) {
      await turnOffStaffTwoStep(base);
      response = await passwordSignIn(email);
    }
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .find((pair) => pair.startsWith("hsd_session="));
    if (response.status !== 302 || !cookie) throw new Error(`could not sign in as ${email}`);
    return cookie;
  };
  return { base, dataDir, child, lines, exited, signIn };
}

/** Stops the server with SIGTERM and waits for it to exit. */
export async function stopServer(server: RunningServer) {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGTERM");
  }
  return server.exited;
}
