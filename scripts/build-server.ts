// The server compiled for running in production: server/main.ts and everything it imports, in
// one ES module (build/server/main.mjs), the npm packages left as imports. `npm start` and the
// benchmarks run it with plain Node: no TypeScript loader thread, no per-module source maps,
// a quicker start and less memory than running the sources through tsx (tests and `npm run dev`
// keep running the sources).
//   node --import tsx scripts/build-server.ts
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "../server/paths";

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, "build", "server", "main.mjs");

export async function buildServer(): Promise<{ file: string; bytes: number; ms: number }> {
  const started = performance.now();
  const result = await build({
    entryPoints: [path.join(PROJECT_ROOT, "server", "main.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [
      {
        // The route table names each page's module (src/app/routes.ts); the server only matches
        // the routes and never loads a page, so the pages (React and all) stay out of the bundle.
        name: "puslapiai-ne-serveriui",
        setup(on) {
          on.onResolve({ filter: /^\.\.\/site\// }, (args) =>
            args.importer.endsWith(path.join("src", "app", "routes.ts"))
              ? { path: args.path, external: true }
              : undefined,
          );
        },
      },
    ],
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const bytes = result.metafile.outputs[path.relative(process.cwd(), SERVER_BUNDLE)]?.bytes ?? 0;
  return { file: SERVER_BUNDLE, bytes, ms: performance.now() - started };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const built = await buildServer();
  console.info(
    `Serveris sukompiliuotas: ${path.relative(PROJECT_ROOT, built.file)} (${Math.round(built.bytes / 1024)} kB) per ${Math.round(built.ms)} ms`,
  );
}
