/**
 * npm run backup -- <file>: a consistent copy of the embedded database (a gzipped tar of its
 * folder), taken while the app runs. A running app (its pid file in the data folder) takes it,
 * asked over its control socket; with no app running, this command opens the database itself.
 * An existing file is never overwritten. A PostgreSQL
 * server is backed up with pg_dump instead (README, "Operating it").
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { runCli } from "~/cli/run";
import { dumpEmbeddedDatabase } from "~/db/lifecycle.server";
import { env } from "~/lib/env.server";
import { type ControlReply, controlSocketPath, runningApp } from "~/server/control";

/** The running app's answer over the data folder's socket. */
function askRunningApp(file: string): Promise<ControlReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(env().dataDir));
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ command: "backup", file })}\n`));
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(reply) as ControlReply);
      } catch {
        reject(new Error("The running app gave no answer; see its log."));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `The app using this data folder does not answer on ${controlSocketPath(env().dataDir)} (${error.code}); see its log.`,
        ),
      ),
    );
  });
}

async function main() {
  const target = process.argv[2];
  if (!target) throw new Error("Usage: npm run backup -- <file>  (for example backup.tar.gz)");
  if (env().DATABASE_URL) {
    throw new Error(
      "DATABASE_URL names a PostgreSQL server: back it up with pg_dump (see the README).",
    );
  }
  const file = path.resolve(target);
  await readdir(path.dirname(file)); // a clear error when the folder does not exist
  const started = performance.now();
  // Never open the database beside a running app: two processes on one folder corrupt it.
  const reply = runningApp(env().dataDir) ? await askRunningApp(file) : null;
  if (reply && !reply.ok)
    throw new Error(`The running app could not take the backup: ${reply.error}`);
  if (!reply) {
    const dump = await dumpEmbeddedDatabase();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { flag: "wx", mode: 0o600 });
  }
  const bytes = (await readFile(file)).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup written to ${file} (${(bytes / 1e6).toFixed(1)} MB, ${seconds} s, ${reply ? "taken by the running app" : "no app was running"}).`,
  );
}

await runCli(main);
