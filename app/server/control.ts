import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { dumpEmbeddedDatabase } from "~/db/lifecycle.server";
import { log } from "~/lib/log.server";

/**
 * The embedded database may be open in one process only. An app on it says so with a pid file
 * in the data folder (a second app on the same folder refuses to start), and takes requests
 * for backups over a Unix socket beside it, readable by the folder's owner only: one JSON
 * request per connection, one JSON line back.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, "control.sock");
export const pidFilePath = (dataDir: string) => path.join(dataDir, "app.pid");

/** The pid of a live app process on this data folder, if there is one. */
export function runningApp(dataDir: string): number | null {
  const file = pidFilePath(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0); // signal 0: is it alive?
    return pid;
  } catch {
    return null; // left by a process that was killed
  }
}

export interface ControlRequest {
  command: "backup";
  file: string;
}

export type ControlReply = { ok: true; bytes: number; ms: number } | { ok: false; error: string };

async function answer(request: ControlRequest): Promise<ControlReply> {
  if (request?.command !== "backup" || typeof request.file !== "string") {
    return { ok: false, error: "Unknown command." };
  }
  if (!path.isAbsolute(request.file))
    return { ok: false, error: "The file must be an absolute path." };
  const started = performance.now();
  const dump = await dumpEmbeddedDatabase();
  const bytes = Buffer.from(await dump.arrayBuffer());
  // "wx": a backup never overwrites a file.
  await writeFile(request.file, bytes, { flag: "wx", mode: 0o600 });
  const ms = Math.round(performance.now() - started);
  log.info({ source: "backup", file: request.file, bytes: bytes.length, ms }, "backup written");
  return { ok: true, bytes: bytes.length, ms };
}

const MAX_REQUEST = 4096;

/**
 * On the embedded database: claims the data folder (refusing if another live app has it) and
 * listens on the control socket. Returns what stopping undoes; null on a PostgreSQL server.
 */
export function claimDataFolder(
  dataDir: string,
  usesServer: boolean,
): { release: () => void } | null {
  if (usesServer) return null;
  const other = runningApp(dataDir);
  if (other) {
    throw new Error(
      `Another app process (pid ${other}) uses the embedded database in ${dataDir}: one process per data folder.`,
    );
  }
  writeFileSync(pidFilePath(dataDir), `${process.pid}\n`);
  const socketPath = controlSocketPath(dataDir);
  // A socket file left by a process that was killed: nobody answers on it.
  if (existsSync(socketPath)) rmSync(socketPath);
  const server = net.createServer((connection) => {
    let input = "";
    let answered = false;
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => {
      if (answered) return;
      input += chunk;
      const end = input.indexOf("\n");
      if (end === -1 && input.length < MAX_REQUEST) return;
      answered = true;
      let request: ControlRequest | undefined;
      try {
        request = JSON.parse(input.slice(0, end === -1 ? MAX_REQUEST : end));
      } catch {
        request = undefined;
      }
      void answer(request as ControlRequest)
        .catch((error: unknown): ControlReply => {
          log.error({ err: error, source: "backup" }, "backup failed");
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        })
        .then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
    connection.on("error", () => {});
  });
  server.on("error", (error) =>
    log.error(
      { err: error, socketPath },
      "control socket failed: npm run backup cannot reach this app",
    ),
  );
  // Owner-only from the moment it exists: bind() creates the socket file with the process's
  // umask, and listen() binds before it returns, so the umask is narrowed around that call
  // alone. (A chmod once listening left a moment when anyone on the machine could connect
  // and ask for a backup.)
  const umask = process.umask(0o077);
  try {
    server.listen(socketPath);
  } finally {
    process.umask(umask);
  }
  server.unref();
  return {
    release: () => {
      server.close();
      rmSync(socketPath, { force: true });
      if (runningApp(dataDir) === null) rmSync(pidFilePath(dataDir), { force: true });
    },
  };
}
