import type { Config } from "@react-router/dev/config";

// The same app builds for two runtimes: Node (server/node.ts) and Cloudflare
// Workers. Each gets its own output folder so one build never overwrites the other.
const workers = process.env.AGENDO_TARGET === "workers";

export default {
  ssr: true,
  // React Router's own Origin check answers a bare English 400; the root middleware checks the
  // origin itself (403 with a pt-BR message, Fetch Metadata too), so it is the one that decides.
  allowedActionOrigins: ["**"],
  buildDirectory: workers ? "build/workers" : (process.env.AGENDO_BUILD_DIR ?? "build/node"),
} satisfies Config;
