import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// One build id per build: the new-build watcher compares it with builds/latest.json.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}`;
const SITE_CORE =
  /\/src\/(site\/app\/(siteRuntime|siteData|SiteContent|staticMenu)\.|site\/lib\/|site\/useSettings|site\/components\/(PageMeta|PageHeader|Toasts|Alert|RichText|Field|CarImage|CarChips)\.|app\/logger\.|backend\/shared\/country\.|domain\/(richText|phoneRules)|app\/(routes|page|httpErrors|AppErrorBoundary|BackendContext|ErrorPage|statusMessages|errorReporter|buildWatcher|runtimeConfig)\.|backend\/(index|port)\.|backend\/local\/(index|fileUrls|deferredFiles|http|session|site)\.|domain\/(ids|format|time)\.)|\/node_modules\/react\//;
const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every public page runs (the site runtime, its router, the local backend client,
            // the common components, React itself): one chunk instead of some twenty small ones,
            // each of which would cost a request and compress worse alone. React DOM stays apart
            // (pages with no form never load it), and so do the header and the footer (loaded only
            // when a whole page renders in the browser; prerendered ones hydrate <main> alone).
            { name: "site", test: SITE_CORE, priority: 10, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/files": apiTarget,
      "/runtime-config.json": apiTarget,
    },
  },
});
