import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

// Single fetch is on (remix.config.js): loaders' and actions' types are what the browser gets,
// Dates and all, not their JSON.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// remix.config.js holds the Remix options; the plugin reads appDirectory, future,
// ignoredRouteFiles, routes and serverModuleFormat from it and ignores the rest.
export default defineConfig({
  // Vite reads no tsconfig paths: "~" is the app folder here as in tsconfig.json.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Vite's dependency cache beside Remix's old one, not inside node_modules.
  cacheDir: ".cache/vite",
  plugins: [remix(remixConfig)],
});
