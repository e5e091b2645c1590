/**
 * The production (and development) HTTP server: `npm start`. It serves the Remix build with
 * request ids and JSON request logs, refuses cross-site form posts with a page of their own,
 * and stops cleanly on SIGTERM or SIGINT: no new requests, those in flight finished (up to
 * 10 s), the workers stopped after their current batch, the database closed, exit code 0.
 */
import { mkdirSync, realpathSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import { type Env, env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import {
  closeDatabase,
  embeddedDatabase,
  onDatabaseReady,
  openDatabase,
} from "~/db/lifecycle.server";
import { activeDemoAccounts, seedDemoOnStartup } from "~/models/demo-seed.server";
import { onShutdown, runShutdownHooks } from "~/lib/shutdown.server";
import { createApp, remixHandler } from "./app";
import { claimDataFolder } from "./control";
import { createHttpServer } from "./http-server";
import { buildUrl, takeEarlyThreads } from "./early-threads";
import { startThreads } from "./threads";
import { required } from "~/lib/required";

const mode = process.env.NODE_ENV === "development" ? "development" : "production";
process.env.NODE_ENV = mode;
/** How long requests in flight may run on after a stop signal. */
const GRACE_MS = 10_000;
/** How long a whole stop may take before the process gives up and exits 1. */
const STOP_LIMIT_MS = 30_000;

/** Says on the log why the server will not start, and exits with code 1. */
function refuseToStart(reason: string, fields: Record<string, unknown> = {}): never {
  log.fatal(fields, `refusing to start: ${reason}`);
  process.exit(1);
}

let config: Env;
try {
  config = env();
} catch (error) {
  // Bad configuration (SESSION_SECRET missing or too short in production, a value out of range).
  refuseToStart(error instanceof Error ? error.message : String(error));
}
// Before the build loads (which opens the database): one process per embedded database.
mkdirSync(config.dataDir, { recursive: true });
const folder = claimDataFolder(config.dataDir, Boolean(config.DATABASE_URL));

/**
 * A production server does not start on a database where a demo account can sign in: their
 * password is in the README. DEMO=1 says this is a demo site (the test suites start so).
 * Checked before the app loads or anything listens; a database that does not answer yet is
 * asked again, so a server never starts unchecked.
 */
async function refuseDemoAccounts() {
  for (;;) {
    try {
      const found = await activeDemoAccounts();
      // Without app threads on the embedded database, the build opens the database itself
      // (its own copy of the client), so this thread lets go of it; with them, this thread
      // keeps it open for them, saving a second open (a quarter of a second).
      if (!keepDatabaseOpen) await closeDatabase();
      if (found.length === 0) return;
      folder?.release();
      refuseToStart(
        `the database has demo accounts (${found.join(", ")}), whose password is published in the README. Suspend or delete them (at /dashboard/users, on a start with DEMO=1), or set DEMO=1 if this is a demo site.`,
        { accounts: found },
      );
    } catch (error) {
      if (!config.DATABASE_URL) {
        folder?.release();
        refuseToStart("the embedded database could not be opened.", { err: error });
      }
      log.warn(
        { err: error },
        "could not check for demo accounts: the database did not answer; trying again in 2 s",
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}
const threaded = mode === "production" && config.APP_THREADS > 1;
/** The embedded database with app threads: this thread opens it once, and serves it to them. */
const keepDatabaseOpen = threaded && !config.DATABASE_URL;
// Its start-up work is registered before the first open, which is then the check's.
if (keepDatabaseOpen) onDatabaseReady(seedDemoOnStartup);
/**
 * On the embedded database the app threads start loading the app now, while this thread opens
 * the database and checks it (a second of a start, in parallel instead of before): whatever
 * they ask of the database waits until it is served to them below, after the check. On a
 * PostgreSQL server each thread would connect and migrate at once, so they start after it.
 */
let serveToThreads: (pglite: PGlite) => void = () => {};
const threadsStarting = keepDatabaseOpen
  ? startThreads(
      config.APP_THREADS,
      buildUrl(),
      new Promise<PGlite>((resolve) => {
        serveToThreads = resolve;
      }),
      // Started by start.ts before this module loaded, when `npm start` ran it.
      takeEarlyThreads(),
    )
  : undefined;
// A thread that fails to load is reported where the start awaits them, not as unhandled here.
threadsStarting?.catch(() => {});
if (mode === "production" && config.DEMO !== "1") await refuseDemoAccounts();

let stopping = false;
// Created before the app: in development Vite's hot updates share its port.
const server = createHttpServer(config);
let build: ServerBuild | (() => Promise<ServerBuild>) | undefined;
let vite: ViteDevServer | undefined;
let threads: Awaited<ReturnType<typeof startThreads>> | undefined;
if (mode === "development") {
  // Imported here only: vite is a development dependency, not needed by `npm start`.
  const { createServer, searchForWorkspaceRoot } = await import("vite");
  const sigtermBefore = new Set(process.listeners("SIGTERM"));
  const dev = await createServer({
    appType: "custom",
    server: {
      middlewareMode: true,
      hmr: { server },
      // node_modules may be a link to a folder elsewhere; its files are served all the same.
      fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync("node_modules")] },
    },
  });
  // The Remix plugin starts a second Vite server of its own, which would exit the process on
  // SIGTERM (or when stdin ends) as soon as it has closed, cutting short the stop below, with
  // the database still open. The stop below closes Vite last.
  for (const listener of process.listeners("SIGTERM"))
    if (!sigtermBefore.has(listener)) process.off("SIGTERM", listener);
  process.stdin.removeAllListeners("end");
  vite = dev;
  build = () => dev.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  onShutdown("vite", () => dev.close());
  // Loaded now rather than on the first request: the database and the workers start with it.
  await build();
} else if (threaded) {
  // The embedded database opens here, once (unless the demo check above opened it already):
  // migrations and the demo data, then it is served to the threads started above. On a server
  // each thread connects and prepares it, taking turns.
  if (keepDatabaseOpen) {
    await openDatabase();
    serveToThreads(required(await embeddedDatabase(), "the embedded database"));
    onShutdown("database", closeDatabase);
  }
  threads = await (threadsStarting ?? startThreads(config.APP_THREADS, buildUrl()));
} else {
  build = (await import(buildUrl())) as ServerBuild;
}
const app = createApp({
  vite,
  handle: threads?.handler ?? remixHandler(build as NonNullable<typeof build>, mode),
  stopping: () => stopping,
});
server.on("request", app);
const port = config.PORT;
const host = config.HOST;

server.listen(port, host ?? "", () => {
  // PORT=0 takes any free port: the line says which (the tests read it).
  const address = server.address();
  const listening = typeof address === "object" && address ? address.port : port;
  log.info(
    { port: listening, host: host ?? "all interfaces", mode },
    `listening on http://localhost:${listening}`,
  );
});

async function stop(signal: NodeJS.Signals) {
  if (stopping) {
    log.warn({ signal }, "second stop signal: exiting now");
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, "stopping: no new requests; finishing those in flight");
  setTimeout(() => {
    log.error(`the stop took longer than ${STOP_LIMIT_MS / 1000} s: exiting now`);
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Kept-alive connections close as soon as they are idle; busy ones after their response.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => {
    log.warn(`requests still running after ${GRACE_MS / 1000} s: closing their connections`);
    server.closeAllConnections();
  }, GRACE_MS);
  server.closeIdleConnections();
  await closed;
  clearInterval(sweep);
  clearTimeout(deadline);
  // The app threads stop their workers and end; then what this thread holds (the database).
  await threads?.stop();
  await runShutdownHooks(
    (name) => log.info({ step: name }, `stopped: ${name}`),
    (name, error) => log.error({ err: error, step: name }, "stop step failed"),
  );
  folder?.release();
  log.info("stopped");
  process.exit(0);
}

process.on("SIGTERM", (signal) => void stop(signal));
process.on("SIGINT", (signal) => void stop(signal));
