import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A PostgreSQL server of the test's own, which the test may stop and restart. */
export interface TestPostgres {
  url: string;
  /** Restarts the server (fast shutdown), without blocking the test's own requests. */
  restart: () => Promise<void>;
  stop: () => void;
}

const binaries = () => {
  const root = "/usr/lib/postgresql";
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  return path.join(root, versions[versions.length - 1], "bin");
};

/** A server program's command line, run as the postgres user when we are root (it refuses root). */
function asPostgresCommand(program: string, args: string[]): [string, string[]] {
  const command = [path.join(binaries(), program), ...args];
  if (process.getuid?.() !== 0) return [command[0], command.slice(1)];
  const quoted = command.map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(" ");
  return ["su", ["postgres", "-s", "/bin/sh", "-c", quoted]];
}

function asPostgres(program: string, args: string[]) {
  const [file, rest] = asPostgresCommand(program, args);
  execFileSync(file, rest, { stdio: "ignore" });
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** initdb in a new folder, start on a free port, create the database `hsd`. */
export async function startPostgres(): Promise<TestPostgres> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "hsd-pg-"));
  chmodSync(folder, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", folder]);
  const data = path.join(folder, "data");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c fsync=off -c listen_addresses=127.0.0.1`;
  const pgCtlArgs = (...args: string[]) => [
    "-D",
    data,
    "-o",
    options,
    "-l",
    path.join(folder, "server.log"),
    "-w",
    ...args,
  ];
  const pgCtl = (...args: string[]) => asPostgres("pg_ctl", pgCtlArgs(...args));
  pgCtl("start");
  asPostgres("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "hsd"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/hsd`,
    restart: async () => {
      const [file, rest] = asPostgresCommand("pg_ctl", pgCtlArgs("-m", "fast", "restart"));
      await promisify(execFile)(file, rest);
    },
    stop: () => {
      try {
        pgCtl("-m", "fast", "stop");
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
