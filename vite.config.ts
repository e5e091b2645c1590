import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { build, defineConfig, type Plugin } from "vite";
import remixConfig from "./remix.config.js";

// Single fetch is on (remix.config.js): loaders' and actions' types are what the browser gets,
// Dates and all, not their JSON.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * A hash of everything that decides what the search index holds: the engine, the record model,
 * the helpers they use, the models that feed the index and write its snapshot, and the locked
 * dependencies (the stemmer among them). A snapshot of the index on disk is read back only by a
 * build with the same hash (app/models/search-snapshot.server.ts), so that a release that does
 * not touch these keeps its fast restart, and one that does builds the index afresh.
 */
function searchIndexCodeHash() {
  const hash = createHash("sha256");
  const files = ["app/search", "app/records", "app/lib"]
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: "utf8" }).map((name) =>
        path.join(folder, name),
      ),
    )
    .filter((file) => /\.tsx?$/.test(file))
    .concat(
      "app/models/search-index.server.ts",
      "app/models/search-snapshot.server.ts",
      "package-lock.json",
    )
    .sort();
  for (const file of files) hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

/**
 * The server's own entries, compiled beside the server build so that a production start loads
 * them as plain JavaScript instead of through the TypeScript loader: the process's main thread
 * (app/server/start.ts, which starts the app threads and then loads main.ts, to
 * build/server/main.js, which `npm start` runs) and each app thread
 * (app/server/thread.ts to build/server/app-thread.js). The loader cost 0.7 s in every thread
 * and up to 1.9 s in the main thread of a start. Packages stay imports, as in the server build.
 */
function appThreadEntry(): Plugin {
  let ssr = false;
  return {
    name: "hsd-app-thread",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr) return;
      // A build of its own (this file's config left out: the Remix plugin would build the
      // site again). Vite's server build keeps packages as imports.
      await build({
        configFile: false,
        logLevel: "warn",
        resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
        build: {
          ssr: true,
          outDir: "build/server",
          emptyOutDir: false,
          copyPublicDir: false,
          target: "node20",
          rollupOptions: {
            input: { "app-thread": "app/server/thread.ts", main: "app/server/start.ts" },
            output: { entryFileNames: "[name].js", chunkFileNames: "entry-parts/[name]-[hash].js" },
          },
        },
      });
    },
  };
}

// remix.config.js holds the Remix options; the plugin reads appDirectory, future,
// ignoredRouteFiles, routes and serverModuleFormat from it and ignores the rest.
export default defineConfig({
  // Vite reads no tsconfig paths: "~" is the app folder here as in tsconfig.json.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Vite's dependency cache beside Remix's old one, not inside node_modules.
  cacheDir: ".cache/vite",
  define: { __SEARCH_INDEX_CODE__: JSON.stringify(searchIndexCodeHash()) },
  plugins: [remix(remixConfig), appThreadEntry()],
});
