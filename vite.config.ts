import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
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

// react-dom/server on Workers is server.edge.js, which also loads React's legacy string renderer
// (renderToString, 38 KiB gzip) that nothing here calls: the Worker takes the streaming one alone.
const reactDomEdgeRenderer = fileURLToPath(new URL("./node_modules/react-dom/cjs/react-dom-server.edge.production.js", import.meta.url));

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
    // Names this build in what it keeps in caches that outlive a deploy (the Cache API).
    define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(process.env.AGENDO_BUILD_ID ?? Date.now().toString(36)) },
    // The Worker's bundle is minified: smaller to upload and quicker to evaluate at start-up.
    environments: workers ? { ssr: { build: { minify: true } } } : undefined,
    resolve: {
      tsconfigPaths: true,
      alias: workers && command === "build" ? [{ find: /^react-dom\/server$/, replacement: reactDomEdgeRenderer }] : [],
    },
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
