// The signed-in professional read in one round trip (session, user, profile, access), and the
// session's sliding renewal written in the same batch.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkedAccounts, sessions, subscriptions } from "../../db/schema";
import { loadSessionAccess } from "../../app/domain/accounts/access.server";
import { REMEMBER_MS, SHORT_MS } from "../../app/utils/session.server";
import { createTestDb } from "../support/db";
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
