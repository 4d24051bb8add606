// Every signed-in page, opened first thing after signing in (issue 34, docs/decisions/1210): its
// reads are built from the keys the session cookie carries, and the rest of the professional is
// there only once the session read beside them is confirmed. A page that read the rest sooner
// would fail here with 'read before the session was confirmed'.
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { eq } from "drizzle-orm";
import { linkedAccounts, subscriptions } from "../../db/schema";
import { dispatch } from "../support/dispatch";
import { cookiesFrom, createTestDb, ORIGIN, sequentialTrips } from "../support/db";
import { createProfessional } from "../support/factories";
import { outbox, register, requestReset, resetWith, signIn, tokenFrom } from "../support/account-forms";

/** The workspace's pages (no parameters), with the variants that read differently. */
function workspacePages(): string[] {
  const workspace = routeConfig.find((r) => r.file === "routes/workspace.tsx")!;
  const paths: string[] = [];
  const walk = (entries: typeof routeConfig, prefix: string) => {
    for (const entry of entries) {
      const path = entry.index ? prefix : `${prefix}/${entry.path ?? ""}`.replace(/\/$/, "");
      if (entry.children) walk(entry.children, path);
      else if (!path.includes(":") && !path.endsWith("/retorno")) paths.push(path);
    }
  };
  walk(workspace.children!, "");
  return [...paths, "/agenda?vista=lista", "/agenda?vista=semana", "/agenda?novo=1", "/clientes?novo=1", "/relatorios?periodo=ano", "/caixa?periodo=mes", "/agenda?vista=dia",
    "/dashboard?visao=salao", "/relatorios?visao=salao", "/caixa?visao=salao", "/equipe?vista=semana"];
}

describe("the first page after signing in", () => {
  it.each([["on their own"], ["with a team"], ["in a team"]])("every workspace page loads from the cookie's keys (%s)", async (who) => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const other = await createProfessional(db);
    if (who === "with a team") await db.insert(linkedAccounts).values({ ownerId: pro.id, linkedUserEmail: other.email, linkedUserId: other.id, status: "active" });
    if (who === "in a team") {
      await db.insert(linkedAccounts).values({ ownerId: other.id, linkedUserEmail: pro.email, linkedUserId: pro.id, status: "active" });
      const end = new Date(Date.now() + 30 * 86_400_000);
      await db.update(subscriptions).set({ status: "active", planId: "avancado", subscriptionEndDate: end }).where(eq(subscriptions.userId, other.id));
    }
    const trips: Record<string, number> = {};
    const failed: string[] = [];
    for (const path of workspacePages()) {
      try {
        trips[path] = await firstPage(path);
      } catch (error) {
        failed.push(`${path}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      }
    }
    expect(failed).toEqual([]);
    for (const path of ["/dashboard", "/agenda", "/clientes", "/relatorios", "/caixa"]) expect(trips[path], path).toBe(1);

    async function firstPage(path: string) {
      // A new sign-in for each page: the page is the first of its session.
      const { cookie } = await signIn(db, pro.email, pro.password);
      const counted = sequentialTrips(db);
      const answer = await dispatch(counted.db, new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }), undefined, { layouts: true }).catch((error: unknown) => {
        // A read that failed with the session's answer (React Router renders the middleware's instead).
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof Response) return { status: cause.status, value: cause };
        throw error;
      });
      const location = answer.value instanceof Response ? answer.value.headers.get("Location") : null;
      // Served (a page, a 404 for what a solo professional has not, its own redirect), never sent
      // to sign in again, to /conta-suspensa or to ask again.
      expect({ path, status: answer.status < 500 ? "ok" : answer.status }).toEqual({ path, status: "ok" });
      expect(location ?? "", path).not.toMatch(/^\/(login|conta-suspensa)/);
      expect(location, path).not.toBe(path);
      return counted.trips.sequential;
    }
  });
});

describe("the first page after signing up or resetting the password", () => {
  it("is one round trip too: those sign-ins carry the page keys as signing in does", async () => {
    const db = createTestDb();
    const signedUp = (await register(db, { email: "nova@example.com" })) as Response;
    const pro = await createProfessional(db);
    await requestReset(db, pro.email);
    const reset = (await resetWith(db, tokenFrom((await outbox(db)).at(-1)!.text), "nova-senha-forte-1")) as Response;
    for (const [who, answer] of [["signed up", signedUp], ["reset", reset]] as const) {
      expect(answer.headers.get("Location"), who).toBe("/dashboard");
      const counted = sequentialTrips(db);
      const page = await dispatch(counted.db, new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: cookiesFrom(answer) } }), undefined, { layouts: true });
      expect(page.status, who).toBe(200);
      expect(counted.trips.sequential, who).toBe(1);
    }
  });
});
