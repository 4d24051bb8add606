import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type PluginOption } from "vite";
import { ensureSessionSecret } from "./scripts/session-secret";

const workers = process.env.AGENDO_TARGET === "workers";

/**
 * The Node build also emits the image pool's worker thread (server/image-worker.ts) as
 * build/node/server/image-worker.js, beside the server build that server/node.ts loads: it
 * shares the app's modules (docs/decisions/0710). Workers decode in the request's isolate.
 */
const imageWorker: PluginOption = {
  name: "agendo-image-worker",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "ssr" && !workers,
  buildStart() {
    this.emitFile({ type: "chunk", id: "server/image-worker.ts", fileName: "image-worker.js" });
  },
};

export default defineConfig(async ({ command }) => {
  // `npm run dev`: the same generated secret as `npm start` unless one is configured.
  if (command === "serve") ensureSessionSecret();
  const plugins: PluginOption[] = [];
  if (workers) {
    const { cloudflare } = await import("@cloudflare/vite-plugin");
    plugins.push(cloudflare({ viteEnvironment: { name: "ssr" } }));
  }
  plugins.push(tailwindcss(), reactRouter(), imageWorker);
  return {
    plugins,
    resolve: { tsconfigPaths: true },
    // Names this build in what it keeps in caches that outlive a deploy (the Cache API).
    define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(process.env.AGENDO_BUILD_ID ?? Date.now().toString(36)) },
    build: {
      target: "es2022",
      rolldownOptions: {
        // @date-fns/tz only patches its own class at load: pages that never call TZDate (the public
        // booking page) do not ship it (docs/decisions/0601-one-dates-module.md).
        treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@date-fns[\\/]tz[\\/]/, sideEffects: false }] },
      },
    },
  };
});
