import type { Config } from "@react-router/dev/config";

// The same app builds for two runtimes: Node (react-router-serve) and Cloudflare
// Workers. Each gets its own output folder so one build never overwrites the other.
const workers = process.env.AGENDO_TARGET === "workers";

export default {
  ssr: true,
  buildDirectory: workers ? "build/workers" : (process.env.AGENDO_BUILD_DIR ?? "build/node"),
} satisfies Config;
