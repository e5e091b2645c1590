import path from "node:path";
import { defineConfig } from "vitest/config";

// Against a shared PostgreSQL server the files run one at a time; each PGlite file has
// its own database and may run in parallel.
const sharedServer = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    // tests/server start the built app as a process of its own (npm run test:vitest builds it).
    include: [
      "tests/unit/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/server/**/*.test.ts",
    ],
    setupFiles: ["tests/setup.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: !sharedServer,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
