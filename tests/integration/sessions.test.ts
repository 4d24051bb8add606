// The signed-in professional read in one round trip (session, user, profile, access), the
// session's sliding renewal, and a workspace page with its session in one round trip.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkedAccounts, profiles, sessions, subscriptions } from "../../db/schema";
import { loader as dashboardLoader } from "../../app/routes/dashboard";
import { middleware as workspaceMiddleware } from "../../app/routes/workspace";
import { loadSessionAccess } from "../../app/domain/accounts/access.server";
import { REMEMBER_MS, SHORT_MS } from "../../app/utils/session.server";
import { countingTrips, createTestDb, ORIGIN, settleBackground } from "../support/db";
import { routeArgs, runMiddleware, signIn } from "../support/routes";
import { createProfessional } from "../support/factories";

const HOUR = 3_600_000;

async function sessionOf(db: ReturnType<typeof createTestDb>, userId: string, remember: boolean, expiresAt: Date) {
  const id = crypto.randomUUID();
  await db.insert(sessions).values({ id, userId, remember, expiresAt });
  return id;
}

async function expiryOf(db: ReturnType<typeof createTestDb>, id: string) {
  const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, id));
  return row?.expiresAt.getTime();
}

describe("loadSessionAccess", () => {
  it("reads the session's professional with profile, subscription and access", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const now = new Date();
    const id = await sessionOf(db, pro.id, false, new Date(now.getTime() + 20 * HOUR));
    const user = await loadSessionAccess(db, id, now);
    expect(user).toMatchObject({ id: pro.id, email: pro.email, sessionId: id, access: "subscription", linkedOwnerId: null });
    expect(user?.profile.userId).toBe(pro.id);
    expect(user?.subscription?.status).toBe("trial");
  });

  it("is null for an unknown or expired session", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const now = new Date();
    const expired = await sessionOf(db, pro.id, true, new Date(now.getTime() - 1000));
    expect(await loadSessionAccess(db, expired, now)).toBeNull();
    expect(await loadSessionAccess(db, crypto.randomUUID(), now)).toBeNull();
    // An expired session is not brought back to life by the renewal in the same batch.
    expect(await expiryOf(db, expired)).toBeLessThan(now.getTime());
  });

  it("renews a session past half its lifetime, and only then", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const now = new Date();
    const fresh = await sessionOf(db, pro.id, false, new Date(now.getTime() + 20 * HOUR));
    const due = await sessionOf(db, pro.id, false, new Date(now.getTime() + 2 * HOUR));
    const remembered = await sessionOf(db, pro.id, true, new Date(now.getTime() + 10 * 24 * HOUR));
    for (const id of [fresh, due, remembered]) await loadSessionAccess(db, id, now);
    expect(await expiryOf(db, fresh)).toBe(now.getTime() + 20 * HOUR);
    expect(await expiryOf(db, due)).toBe(now.getTime() + SHORT_MS);
    expect(await expiryOf(db, remembered)).toBe(now.getTime() + REMEMBER_MS);
  });

  it("a team member's access follows the owner's plan", async () => {
    const db = createTestDb();
    const owner = await createProfessional(db);
    const member = await createProfessional(db);
    await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
    const now = new Date();
    const past = new Date(now.getTime() - 24 * HOUR);
    await db.update(subscriptions).set({ trialEndDate: past }).where(eq(subscriptions.userId, member.id));
    await db.update(subscriptions).set({ status: "active", planId: "avancado", subscriptionEndDate: new Date(now.getTime() + 30 * 24 * HOUR) }).where(eq(subscriptions.userId, owner.id));
    const id = await sessionOf(db, member.id, false, new Date(now.getTime() + 20 * HOUR));
    expect(await loadSessionAccess(db, id, now)).toMatchObject({ access: "linked", linkedOwnerId: owner.id });
    await db.update(subscriptions).set({ status: "cancelled", subscriptionEndDate: past }).where(eq(subscriptions.userId, owner.id));
    expect((await loadSessionAccess(db, id, now))?.access).toBe("denied");
  });
});

// issue 27: a page seen before from the same session reads the session in the page's own round
// trip; an ended session never gets the page, a changed professional gets it read afresh.
describe("a workspace page in one round trip", () => {
  async function open(db: ReturnType<typeof createTestDb>, cookie: string, path = "/dashboard") {
    const counted = countingTrips(db);
    const args = await routeArgs({ db: counted.db, request: new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }) });
    let loaded = false;
    const response = await runMiddleware(workspaceMiddleware, args, async () => {
      try {
        await dashboardLoader(args);
        loaded = true;
        return new Response("the page");
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    }).catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
    await settleBackground(args.context);
    return { status: response.status, location: response.headers.get("Location"), loaded, trips: counted.trips.count };
  }

  it("reads the session beside the page once it is known, and answers an ended session with /login", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie, sessionId } = await signIn(db, pro);
    expect(await open(db, cookie)).toMatchObject({ status: 200, trips: 2 });
    expect(await open(db, cookie)).toMatchObject({ status: 200, loaded: true, trips: 1 });
    // Expired since: the page's reads went with the session's and were never handed to the page.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionId));
    expect(await open(db, cookie)).toEqual({ status: 302, location: "/login?redirectTo=%2Fdashboard", loaded: false, trips: 1 });
    // Signed out elsewhere (the row is gone).
    const other = await signIn(db, pro);
    await open(db, other.cookie);
    await db.delete(sessions).where(eq(sessions.id, other.sessionId));
    expect(await open(db, other.cookie)).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard", loaded: false });
    // No cookie: /login without a round trip.
    expect(await open(db, "")).toMatchObject({ status: 302, loaded: false, trips: 0 });
  });

  it("asks again for a page read for a professional who changed since, then reads it afresh", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro);
    await open(db, cookie);
    await db.update(profiles).set({ businessName: "Studio Novo" }).where(eq(profiles.userId, pro.id));
    expect(await open(db, `${cookie}`, "/dashboard.data?_routes=routes%2Fdashboard")).toMatchObject({ status: 302, location: "/dashboard", loaded: false });
    expect(await open(db, cookie)).toMatchObject({ status: 200, trips: 2 });
    expect(await open(db, cookie)).toMatchObject({ status: 200, trips: 1 });
  });
});
