// The signed-in professional read in one round trip (session, user, profile, access), the
// session's sliding renewal, and a workspace page with its session in one round trip.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkedAccounts, profiles, sessions, subscriptions } from "../../db/schema";
import { loader as dashboardLoader } from "../../app/routes/dashboard";
import { middleware as workspaceMiddleware } from "../../app/routes/workspace";
import { loadSessionAccess } from "../../app/domain/accounts/access.server";
import { readSessionId, REMEMBER_MS, SHORT_MS } from "../../app/utils/session.server";
import { signIn as signInWithForm } from "../support/account-forms";
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

// issue 27, issue 34: a workspace GET reads the session in the page's own round trip, from the
// page keys the signed session cookie carries (docs/decisions/1210): the first page after signing
// in too, whatever the process knows. An ended session never gets the page; changed keys get the
// page asked again with the cookie renewed.
describe("a workspace page in one round trip", () => {
  async function open(db: ReturnType<typeof createTestDb>, cookie: string, path = "/dashboard") {
    const counted = countingTrips(db);
    const args = await routeArgs({ db: counted.db, request: new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }) });
    let page: unknown = null;
    const response = await runMiddleware(workspaceMiddleware, args, async () => {
      try {
        page = await dashboardLoader(args);
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
    const renewed = response.headers.getSetCookie().find((c) => c.startsWith("__session="))?.split(";")[0] ?? null;
    return { status: response.status, location: response.headers.get("Location"), loaded: page !== null, trips: counted.trips.count, renewed, page };
  }

  /** Signed in through the login form, as a browser is: the cookie it answers with. */
  async function signedIn(db: ReturnType<typeof createTestDb>, pro: { email: string; password: string }) {
    const { cookie } = await signInWithForm(db, pro.email, pro.password);
    const sessionId = await readSessionId(new Request(ORIGIN, { headers: { Cookie: cookie } }));
    return { cookie, sessionId: sessionId! };
  }

  it("the first page after signing in is one round trip, and an ended session gets /login", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie, sessionId } = await signedIn(db, pro);
    // A fresh process (nothing kept in this one between calls either): one round trip.
    expect(await open(db, cookie)).toMatchObject({ status: 200, loaded: true, trips: 1, renewed: null });
    expect(await open(db, cookie)).toMatchObject({ status: 200, loaded: true, trips: 1 });
    // Expired since: the page's reads went with the session's and were never handed to the page.
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionId));
    expect(await open(db, cookie)).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard", loaded: false, trips: 1 });
    // Signed out elsewhere (the row is gone).
    const other = await signedIn(db, pro);
    await db.delete(sessions).where(eq(sessions.id, other.sessionId));
    expect(await open(db, other.cookie)).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard", loaded: false, trips: 1 });
    // No cookie: /login without a round trip.
    expect(await open(db, "")).toMatchObject({ status: 302, loaded: false, trips: 0 });
  });

  it("a cookie without the keys reads the session first once, and carries them from then on", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro);
    const first = await open(db, cookie);
    expect(first).toMatchObject({ status: 200, loaded: true, trips: 2 });
    expect(await open(db, first.renewed!)).toMatchObject({ status: 200, loaded: true, trips: 1, renewed: null });
  });

  it("what is not a key is read fresh in the same trip; changed keys ask the page again with the cookie renewed", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signedIn(db, pro);
    await db.update(profiles).set({ businessName: "Studio Novo" }).where(eq(profiles.userId, pro.id));
    const renamed = await open(db, cookie);
    expect(renamed).toMatchObject({ status: 200, trips: 1 });
    expect(JSON.stringify(renamed.page)).toContain("Studio Novo");
    await db.update(profiles).set({ timeZone: "America/Manaus" }).where(eq(profiles.userId, pro.id));
    const moved = await open(db, cookie, "/dashboard.data?_routes=routes%2Fdashboard");
    expect(moved).toMatchObject({ status: 302, location: "/dashboard", loaded: false, trips: 1 });
    expect(moved.renewed).toBeTruthy();
    expect(await open(db, moved.renewed!)).toMatchObject({ status: 200, loaded: true, trips: 1, renewed: null });
  });

  it("a professional without access gets /conta-suspensa and none of the page", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signedIn(db, pro);
    await db.update(subscriptions).set({ trialEndDate: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, pro.id));
    expect(await open(db, cookie)).toMatchObject({ status: 302, location: "/conta-suspensa", loaded: false, trips: 1 });
  });
});
