// Seeds the demo store the e2e servers start from, once per run: the four servers used to
// migrate and seed a store each, all at once, on two cores (about half a minute before the
// first test). Each now starts from a copy of this one (playwright.config.ts).
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { SEED_DIR, seedEnv, todayStamp } from "../../playwright.config";

rmSync(SEED_DIR, { recursive: true, force: true });
const server = spawn(process.execPath, ["build/server/main.js"], {
  env: { ...process.env, ...seedEnv, PORT: "0", DATA_DIR: SEED_DIR } as NodeJS.ProcessEnv,
  stdio: ["ignore", "pipe", "inherit"],
});
const timer = setTimeout(() => server.kill("SIGKILL"), 120_000);
// Listening means migrated and seeded: it is stopped at once, and stops cleanly.
createInterface({ input: server.stdout }).on("line", (line) => {
  if (line.includes('"msg":"listening on')) server.kill("SIGTERM");
});
const code = await new Promise<number | null>((resolve) => server.once("exit", resolve));
clearTimeout(timer);
if (code !== 0) {
  console.error(`The e2e seed server ended with ${code}; each server will seed its own store.`);
  rmSync(SEED_DIR, { recursive: true, force: true });
  process.exit(1);
}
writeFileSync(`${SEED_DIR}/seeded-on`, todayStamp());
