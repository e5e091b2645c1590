/**
 * npm run bench:startup [-- --runs 3]
 *
 * The first start of a demo site: the built production server with DEMO=1 on an empty data
 * folder, which migrates, seeds the demo accounts and the 2,000-record demo catalogue and
 * builds its search index. Prints, for each run, how long until the server answers and
 * until a signed-in member's /search lists the whole demo catalogue.
 * Figures only: targets are compared by people, not asserted.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer } from "./server";

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf("--runs") + 1] || 3);
const PORT = 3193;

async function signIn(base: string) {
  const body = new URLSearchParams({
    email: "member@example.org",
    password: "horizon-demo",
    redirectTo: "/",
  });
  const response = await fetch(`${base}/login`, { method: "POST", body, redirect: "manual" });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

for (let run = 1; run <= RUNS; run++) {
  const work = mkdtempSync(path.join(os.tmpdir(), "hsd-bench-startup-"));
  const started = performance.now();
  const { base, stop } = await startBuiltServer(PORT, work, {
    env: {
      // A production server seeds the demo only when asked.
      DEMO: "1",
      NODE_ENV: "production",
      SESSION_SECRET: "bench-only-session-secret-of-32-characters",
      JOBS_INTERVAL_SECONDS: "0",
    },
  });
  const answered = performance.now() - started;
  try {
    const cookie = await signIn(base);
    const page = await (await fetch(`${base}/search`, { headers: { Cookie: cookie } })).text();
    const searchable = performance.now() - started;
    const found = /([\d,]+) results?/.exec(page.replace(/<[^>]+>/g, ""))?.[1] ?? "?";
    console.log(
      `run ${run}: the server answered after ${(answered / 1000).toFixed(1)} s; /search listed ${found} records after ${(searchable / 1000).toFixed(1)} s`,
    );
  } finally {
    await stop();
    rmSync(work, { recursive: true, force: true });
  }
}
