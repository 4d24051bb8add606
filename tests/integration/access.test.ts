import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { linkedAccounts, subscriptions } from "../../db/schema";
import { loader as suspendedLoader } from "../../app/routes/suspended";
import { accessOf, loadAccess } from "../../app/domain/accounts/access.server";
import { openWorkspaceSession } from "../../app/routes/workspace.server";
import type { Db } from "../../app/utils/db.server";
import { resetEnv } from "../../app/utils/env.server";
import { createTestDb, ORIGIN } from "../support/db";
import { createProfessional } from "../support/factories";
import { callLoader, signIn } from "../support/routes";

const DAY = 86_400_000;
type Pro = { id: string; email: string };
let db: Db;

beforeEach(() => {
  db = createTestDb();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

async function cookieOf(userId: string) {
  return (await signIn(db, { id: userId })).cookie;
}

/** What the workspace guard answers for this user: the user's access, or where it redirects. */
async function guard(pro: Pro) {
  const request = new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: await cookieOf(pro.id) } });
  try {
    return (await openWorkspaceSession(db, request, () => {})).user.access;
  } catch (error) {
    if (error instanceof Response) return `-> ${error.headers.get("Location")}`;
    throw error;
  }
}

async function suspended(pro: Pro) {
  const cookie = await cookieOf(pro.id);
  try {
    return await callLoader(suspendedLoader, { db, path: "/conta-suspensa", cookie });
  } catch (error) {
    if (error instanceof Response) return `-> ${error.headers.get("Location")}`;
    throw error;
  }
}

const setSub = (userId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
  db.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
const expireTrial = (userId: string) => setSub(userId, { trialEndDate: new Date(Date.now() - 1000) });

async function linkActive(owner: Pro, member: Pro) {
  await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
}

describe("the workspace guard on every private request", () => {
  it("lets a valid trial in and sends an expired one to /conta-suspensa", async () => {
    const pro = await createProfessional(db);
    expect(await guard(pro)).toBe("subscription");
    await expireTrial(pro.id);
    expect(await guard(pro)).toBe("-> /conta-suspensa");
  });

  it("decides expiry at request time: the same rows give access one millisecond before the end and not at it", async () => {
    const pro = await createProfessional(db);
    const end = new Date("2030-01-01T00:00:00Z");
    await setSub(pro.id, { trialEndDate: end });
    const user = { ...pro, sessionId: "t" };
    expect((await loadAccess(db, user, new Date(end.getTime() - 1)))!.access).toBe("subscription");
    expect((await loadAccess(db, user, end))!.access).toBe("denied");
  });

  it("an active subscription needs a future period end", async () => {
    const pro = await createProfessional(db);
    await setSub(pro.id, { status: "active", planId: "essencial", subscriptionEndDate: new Date(Date.now() + DAY) });
    expect(await guard(pro)).toBe("subscription");
    await setSub(pro.id, { subscriptionEndDate: null });
    expect(await guard(pro)).toBe("-> /conta-suspensa");
    await setSub(pro.id, { subscriptionEndDate: new Date(Date.now() - 1000) });
    expect(await guard(pro)).toBe("-> /conta-suspensa");
  });

  it("admins and exempt e-mails come from configuration and get in without a subscription", async () => {
    const admin = await createProfessional(db);
    const friend = await createProfessional(db);
    await expireTrial(admin.id);
    await expireTrial(friend.id);
    vi.stubEnv("ADMIN_EMAILS", ` ${admin.email.toUpperCase()} `);
    vi.stubEnv("ACCESS_EXEMPT_EMAILS", `outra@example.com,${friend.email}`);
    resetEnv();
    expect(await guard(admin)).toBe("admin");
    expect(await guard(friend)).toBe("exempt");
  });

  it("a linked account gets in through the owner's plan and is suspended the moment it is cancelled", async () => {
    const owner = await createProfessional(db, { name: "Studio Bella" });
    const member = await createProfessional(db);
    await setSub(owner.id, { status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * DAY) });
    await linkActive(owner, member);
    // Still inside the member's own 7-day trial: the owner's cancellation ends access anyway.
    expect(await guard(member)).toBe("linked");
    expect(await accessOf(db, member)).toBe("linked");
    await setSub(owner.id, { status: "cancelled" });
    expect(await guard(member)).toBe("-> /conta-suspensa");
    expect(await accessOf(db, member)).toBe("denied");
    expect(await guard(owner)).toBe("-> /conta-suspensa");
  });
});

describe("/conta-suspensa", () => {
  it("sends a user with access back to /dashboard", async () => {
    const pro = await createProfessional(db);
    expect(await suspended(pro)).toBe("-> /dashboard");
  });

  it("after a trial: says so, and contact goes to support", async () => {
    const pro = await createProfessional(db);
    await expireTrial(pro.id);
    const page = (await suspended(pro)) as Exclude<Awaited<ReturnType<typeof suspended>>, string>;
    expect(page).toMatchObject({ linked: false, trialEnded: true, contactEmail: "suporte@agendo.app" });
  });

  it("a linked professional whose owner cancelled is told to contact the owner", async () => {
    const owner = await createProfessional(db, { name: "Studio Bella" });
    const member = await createProfessional(db);
    await setSub(owner.id, { status: "cancelled", planId: "avancado", subscriptionEndDate: new Date(Date.now() + DAY) });
    await linkActive(owner, member);
    expect(await suspended(member)).toMatchObject({
      linked: true,
      trialEnded: false,
      contactEmail: owner.email,
      ownerBusiness: "Studio Bella",
    });
  });

  it("without a session goes to /login", async () => {
    const error = await callLoader(suspendedLoader, { db, path: "/conta-suspensa" }).catch((e) => e);
    expect(error).toHaveRedirect(/^\/login/);
  });
});
