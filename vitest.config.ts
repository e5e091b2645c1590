import path from "node:path";
import { defineConfig } from "vitest/config";

/** A test that changes process-wide state worker threads cannot have (the umask). */
const NEEDS_A_PROCESS = ["tests/unit/control-socket.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    // One migrated database per run, copied for each file (embedded or on a server alike).
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    environment: "node",
    // Both cores: most of a file's time is its own process waiting on its own database.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "in-process",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: NEEDS_A_PROCESS,
          // A file in a fresh worker thread starts in about half the time of a child process
          // (64 files: 172 s to 140 s on two cores), and is as isolated from the other files.
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "processes",
          // tests/server start the built app as a process of its own (npm run test:server builds it).
          include: [...NEEDS_A_PROCESS, "tests/server/**/*.test.ts"],
          pool: "forks",
          // One at a time, after the in-process files: these time leases, timeouts and kills of
          // servers they start, which a second file busy beside them would slow unpredictably.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
