// `npm start`: build if needed, migrate, seed the demo professional, once; then serve on PORT
// with our own Node server (server/node.ts) in WEB_CONCURRENCY worker processes, one a core by
// default, under their cluster's primary (server/cluster.ts, docs/decisions/0985).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { seedDemoIfEmpty } from "../app/domain/demo/demo-professional.server";
import { env } from "../app/utils/env.server";
import { openAndMigrate } from "./migrate";
import { ensureSessionSecret } from "./session-secret";
import { ensureVapidKeys } from "./vapid-keys";

const root = new URL("..", import.meta.url).pathname;
const buildDir = process.env.AGENDO_BUILD_DIR ?? "build/node";
const serverBuild = join(root, buildDir, "server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const sources = Math.max(
    newestMtime(join(root, "app")),
    newestMtime(join(root, "db")),
    newestMtime(join(root, "public")),
    // Built with the app: the photo pool's worker thread (docs/decisions/0710).
    statSync(join(root, "server/image-worker.ts")).mtimeMs,
    statSync(join(root, "package.json")).mtimeMs,
  );
  if (existsSync(serverBuild) && statSync(serverBuild).mtimeMs >= sources) return;
  console.log("Building the app (first start or sources changed)...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfNeeded();
const secret = ensureSessionSecret();
if (secret !== "configured") console.log(`Session secret: ${secret} (set SESSION_SECRET to use your own)`);
const vapid = ensureVapidKeys();
if (vapid !== "configured") console.log(`Web Push keys: ${vapid} (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to use your own)`);
const db = await openAndMigrate();
const config = env();
if (config.EMAIL_TRANSPORT === "log") {
  console.log("E-mails: written to this log, not sent (set EMAIL_TRANSPORT=resend and RESEND_API_KEY to send them)");
}
if (config.AGENDO_DEMO !== "0") {
  const demo = await seedDemoIfEmpty(db);
  if (demo) {
    console.log(`\nDemo professional created.\n  e-mail: ${demo.email}\n  senha:  ${demo.password}\n  página: /agendamento/${demo.slug}\n`);
  } else {
    console.log("Demo account (if this database was seeded): demo@agendo.app / demo1234");
  }
}
db.$client.close();

const port = process.env.PORT ?? "3000";
// The cluster's primary in a process of its own, by plain Node: this one has loaded the app (for
// the seed) and would hold that memory for as long as the server runs.
const server = spawn(process.execPath, [join(root, "server/cluster.ts"), serverBuild], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: port, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
