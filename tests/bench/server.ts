import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";

interface ServerOptions {
  /** Variables over the defaults (the embedded database, no demo data). */
  env?: Record<string, string>;
  /** Receives the server's standard output, which is otherwise dropped. */
  onOutput?: (text: string) => void;
  /** What "started" means, asked every 100 ms until true; by default /api/health answering 200. */
  ready?: (base: string) => Promise<boolean>;
}

/** Starts the built production server on a data directory and waits until it answers. */
export async function startBuiltServer(
  port: number,
  dataDir: string,
  options: ServerOptions = {},
): Promise<{ base: string; pid?: number; stop: () => Promise<void> }> {
  // BENCH_CPU_PROFILE=<folder> writes a V8 CPU profile of the server there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const args = [...profile, "build/server/main.js"];
  const server: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: "0",
      DATABASE_URL: "",
      ...options.env,
    },
    stdio: ["ignore", options.onOutput ? "pipe" : "ignore", "inherit"],
  });
  const { onOutput } = options;
  if (onOutput) server.stdout?.setEncoding("utf8").on("data", (text: string) => onOutput(text));
  const stop = async () => {
    server.kill();
    // A graceful close can wait on a connection for good (seen with piped output): the data is thrown away anyway.
    const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
    await once(server, "exit");
    clearTimeout(timer);
  };
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const ready = options.ready ?? (async () => (await fetch(`${base}/api/health`)).ok);
      if (await ready(base)) return { base, pid: server.pid, stop };
    } catch {
      // not listening yet
    }
    if (attempt > 600) {
      await stop();
      throw new Error("the server did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Median and p95 of a list of timings, as the benchmarks print them. */
export function medianAndP95(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1],
  };
}

/**
 * The processor time a process has used so far, in ms (user and system, all its threads), read
 * from /proc; undefined where there is no /proc (figures are then left out).
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's name (which may hold spaces) start after its ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ: /proc counts processor time in hundredths of a second on every platform Node runs on. */
const CLOCK_TICKS = 100;
