// The route table (routes.ts) covers the app: every route in app/routes.ts is reached by a GET
// of the table, and every route module with an action has at least one action entry. A new
// route fails here until it gets its line in tests/security/routes.ts.
import { readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";
import { ACTIONS, PRIVATE_GETS, PUBLIC_GETS } from "./routes";

const root = new URL("../../", import.meta.url).pathname;

function appRoutes() {
  const source = readFileSync(`${root}app/routes.ts`, "utf8");
  const routes: { pattern: string; file: string }[] = [];
  for (const m of source.matchAll(/\b(route|index)\(\s*(?:"([^"]*)",\s*)?"(routes\/[^"]+)"/g)) {
    const [, kind, path = "", file] = m;
    // Children of the settings layout are written relative to it.
    const nested = file!.startsWith("routes/settings.") && file !== "routes/settings.tsx" && kind !== "index" && !path.startsWith("configuracoes");
    const full = kind === "index" ? (file!.includes("configuracoes") ? "/configuracoes" : "/") : nested ? `/configuracoes/${path}` : `/${path}`;
    routes.push({ pattern: full, file: file! });
  }
  return routes;
}

function matches(pattern: string, path: string) {
  const clean = path.split("?")[0]!;
  if (pattern === "/*") return true;
  const re = new RegExp(`^${pattern.replace(/:[\w]+/g, "[^/]+").replace(/\{[\w]+\}/g, "[^/]+")}$`);
  return re.test(clean.replace(/\{[\w]+\}/g, "x"));
}

test("route table: every route of app/routes.ts is in tests/security/routes.ts", () => {
  const routes = appRoutes();
  expect(routes.length).toBeGreaterThan(30);
  const gets = [...PUBLIC_GETS, ...PRIVATE_GETS] as string[];
  const missingGets = routes
    .filter((r) => r.pattern !== "/*" && r.pattern !== "/:slug" && !r.file.endsWith(".webhook.ts"))
    .filter((r) => !gets.some((g) => matches(r.pattern, g)))
    .map((r) => `${r.pattern} (${r.file})`);
  expect(missingGets, "routes without a GET in the table").toEqual([]);
  const missingActions = routes
    .filter((r) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(readFileSync(`${root}app/${r.file}`, "utf8")))
    .filter((r) => r.pattern !== "/*")
    .filter((r) => !ACTIONS.some((a) => matches(r.pattern, a.path)))
    .map((r) => `${r.pattern} (${r.file})`);
  expect(missingActions, "routes with an action but no entry in ACTIONS").toEqual([]);
});
