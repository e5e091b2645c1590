import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    // tests/server start the built app as a process of its own (npm run test:vitest builds it).
    include: [
      "tests/unit/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/server/**/*.test.ts",
    ],
    // One migrated database per run, copied for each file (embedded or on a server alike).
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    environment: "node",
    pool: "forks",
    // Both cores: most of a file's time is its own process waiting on its own database.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
