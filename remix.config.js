/**
 * The Remix options, in one place: vite.config.ts hands them to the Remix Vite plugin, which
 * reads appDirectory, future, ignoredRouteFiles, routes and serverModuleFormat.
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
  // PGlite must stay external (its extension loading breaks when bundled), which is the
  // default for ESM output; remix-auth is ESM-only, hence ESM.
  serverModuleFormat: "esm",
  // README.md says what the routes folder holds; Markdown is never a route here.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.md"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
