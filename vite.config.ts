import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// One build id per build: the new-build watcher compares it with builds/latest.json.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}`;
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
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/files": apiTarget,
      "/runtime-config.json": apiTarget,
    },
  },
});
