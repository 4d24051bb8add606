import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox, linkedAccounts, subscriptions } from "../../db/schema";
import { action as loginAction } from "../../app/routes/login";
import { action as registerAction } from "../../app/routes/register";
import LinkedAccountsSettings, { action, loader } from "../../app/routes/settings.linked-accounts";
import PlansTab, { loader as plansTabLoader } from "../../app/routes/settings.plans";
import { PLANS } from "../../app/domain/billing/plans";
import { ADD_ERRORS, addLinkedAccount } from "../../app/domain/accounts/linked-accounts.server";
import { loadAccess } from "../../app/domain/accounts/access.server";
import type { Db } from "../../app/utils/db.server";
import { getSessionUser } from "../../app/utils/session.server";
import { cookiesFrom, createTestDb, ORIGIN } from "../support/db";
import { createProfessional } from "../support/factories";
import { renderRoute, visibleText } from "../support/render";
import { callAction, callLoader, replyOf, responseOf, thrownBy } from "../support/routes";

const DAY = 86_400_000;
const PATH = "/configuracoes/contas";
type Pro = { id: string; email: string; password: string };

let db: Db;
let owner: Pro;

beforeEach(async () => {
  vi.spyOn(console, "info").mockImplementation(() => {}); // the log e-mail transport
  db = createTestDb();
  owner = await createProfessional(db, { name: "Studio Bella" });
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function setPlan(userId: string, planId: string, status: "active" | "cancelled" | "trial" = "active", end = Date.now() + 30 * DAY) {
  await db
    .update(subscriptions)
    .set({ status, planId, subscriptionEndDate: new Date(end) })
    .where(eq(subscriptions.userId, userId));
}

const post = (fields: Record<string, string>, who: Pro = owner) => callAction(action, { db, as: who, path: PATH, form: fields });
const load = (who: Pro = owner, query = "") => callLoader(loader, { db, as: who, path: `${PATH}${query}` });

const linksOf = (ownerId: string) => db.select().from(linkedAccounts).where(eq(linkedAccounts.ownerId, ownerId));
const mailTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("adding a linked account", () => {
  it("adds a pending link, e-mails the /register invitation and confirms with a toast", async () => {
    await setPlan(owner.id, "avancado");
    const res = await post({ intent: "add", email: "  Joana@Example.com " });
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({ type: "success", title: "Conta vinculada adicionada com sucesso" });

    const [link] = await linksOf(owner.id);
    expect(link).toMatchObject({ linkedUserEmail: "joana@example.com", status: "pending", linkedUserId: null });
    const [mail] = await mailTo("joana@example.com");
    expect(mail!.subject).toContain("Studio Bella");
    expect(mail!.text).toContain(`${ORIGIN}/register`);
    expect(mail!.text).toContain("joana@example.com");

    const page = await load();
    expect(page.owner!.items).toEqual([
      expect.objectContaining({ email: "joana@example.com", status: "pending", invite: expect.stringContaining("/register") }),
    ]);
    expect(page.owner!.seats).toEqual({ seats: 4, used: 1, left: 3 });
  });

  it("refuses an invalid e-mail beside the field, keeping what was typed", async () => {
    await setPlan(owner.id, "avancado");
    const res = await post({ intent: "add", email: "joana@" });
    expect(res).toHaveFieldError("email", "Informe um e-mail válido, como nome@exemplo.com");
    expect(replyOf(res).data.result.initialValue?.email).toBe("joana@");
    expect(await linksOf(owner.id)).toHaveLength(0);
  });

  it("refuses an e-mail already linked, to this owner or to another, with the spec's message", async () => {
    await setPlan(owner.id, "avancado");
    const other = await createProfessional(db);
    await setPlan(other.id, "profissional");
    await post({ intent: "add", email: "joana@example.com" });

    expect(await post({ intent: "add", email: "JOANA@example.com" })).toHaveFieldError("email", "Este email já está vinculado a uma conta");
    const elsewhere = await post({ intent: "add", email: "joana@example.com" }, other);
    expect(elsewhere).toHaveFieldError("email", "Este email já está vinculado a uma conta");
    expect(await linksOf(owner.id)).toHaveLength(1);
    expect(await linksOf(other.id)).toHaveLength(0);
    expect(await mailTo("joana@example.com")).toHaveLength(1);
  });

  it("sends at most 20 invitations a day per owner, so the form cannot relay bulk mail", async () => {
    await setPlan(owner.id, "enterprise");
    for (let i = 0; i < 20; i++) {
      const res = await post({ intent: "add", email: `pessoa${i}@example.com` });
      expect(responseOf(res).status).toBe(302);
    }
    const over = replyOf(await post({ intent: "add", email: "pessoa20@example.com" }));
    expect(over.init?.status).toBe(429);
    expect(over.data.result.error?.email).toEqual(["Você enviou muitos convites hoje. Tente novamente amanhã."]);
    expect(await linksOf(owner.id)).toHaveLength(20);
    expect(await mailTo("pessoa20@example.com")).toHaveLength(0);
  });

  it("adds while seats remain: Avançado takes 4 professionals besides the owner, not a 5th", async () => {
    await setPlan(owner.id, "avancado");
    for (const n of [1, 2, 3, 4]) {
      expect(responseOf(await post({ intent: "add", email: `pro${n}@example.com` })).status).toBe(302);
    }
    expect(await post({ intent: "add", email: "pro5@example.com" })).toHaveFieldError("email", ADD_ERRORS["no-seats"]);
    expect(await linksOf(owner.id)).toHaveLength(4);
    expect(await mailTo("pro5@example.com")).toHaveLength(0);
  });

  it("Essencial takes one professional besides the owner", async () => {
    await setPlan(owner.id, "essencial");
    await post({ intent: "add", email: "a@example.com" });
    expect(await post({ intent: "add", email: "b@example.com" })).toHaveFieldError("email", ADD_ERRORS["no-seats"]);
  });

  it("two adds racing for the last seat: exactly one wins", async () => {
    await setPlan(owner.id, "essencial");
    const user = (await loadAccess(db, { ...owner, sessionId: "t" }))!;
    const results = await Promise.all(
      ["a@example.com", "b@example.com", "c@example.com"].map((email) => addLinkedAccount(db, user, email)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await linksOf(owner.id)).toHaveLength(1);
  });

  it("refuses every link during the trial", async () => {
    expect(await post({ intent: "add", email: "joana@example.com" })).toHaveFieldError("email", ADD_ERRORS["no-seats"]);
    expect(await linksOf(owner.id)).toHaveLength(0);
    const page = await load();
    expect(page.owner!.seats).toEqual({ seats: 0, used: 0, left: 0 });
    expect(page.owner!.onTrial).toBe(true);
  });

  it("refuses the owner's own e-mail", async () => {
    await setPlan(owner.id, "avancado");
    expect(await post({ intent: "add", email: owner.email.toUpperCase() })).toHaveFieldError("email", ADD_ERRORS["own-email"]);
  });

  it("after a downgrade below the links in use, keeps them and refuses new ones", async () => {
    await setPlan(owner.id, "avancado");
    for (const n of [1, 2, 3]) await post({ intent: "add", email: `pro${n}@example.com` });
    await setPlan(owner.id, "essencial");
    expect(await post({ intent: "add", email: "pro4@example.com" })).toHaveFieldError("email", ADD_ERRORS["no-seats"]);
    expect(await linksOf(owner.id)).toHaveLength(3);
    expect((await load()).owner!.seats).toEqual({ seats: 1, used: 3, left: 0 });
  });

  it("a linked professional cannot link accounts, and the page says whose team they are in", async () => {
    await setPlan(owner.id, "avancado");
    const member = await createProfessional(db);
    await post({ intent: "add", email: member.email });
    await login(member);
    await setPlan(member.id, "profissional");
    expect(await post({ intent: "add", email: "x@example.com" }, member)).toHaveFieldError("email", ADD_ERRORS.member);
    const page = await load(member);
    expect(page.member).toEqual({ owner: "Studio Bella", ownerMayManage: false });
  });

  it("refuses an e-mail whose professional owns a team of their own", async () => {
    await setPlan(owner.id, "avancado");
    const other = await createProfessional(db);
    await setPlan(other.id, "essencial");
    await post({ intent: "add", email: "someone@example.com" }, other);
    expect(await post({ intent: "add", email: other.email })).toHaveFieldError("email", ADD_ERRORS["team-owner"]);
  });
});

describe("removing a linked account", () => {
  it("the confirmation is a step of its own; the confirmed post removes the link", async () => {
    await setPlan(owner.id, "avancado");
    await post({ intent: "add", email: "joana@example.com" });
    const [link] = await linksOf(owner.id);
    expect((await load(owner, `?remover=${link!.id}`)).owner!.confirmId).toBe(link!.id);

    const res = await post({ intent: "remove", id: link!.id });
    expect(responseOf(res).status).toBe(302);
    await expect(res).toSendToast({ title: "Conta vinculada removida com sucesso" });
    expect(await linksOf(owner.id)).toHaveLength(0);
  });

  it("another owner's link id answers 404 and stays", async () => {
    const other = await createProfessional(db);
    await setPlan(other.id, "avancado");
    await post({ intent: "add", email: "joana@example.com" }, other);
    const [theirs] = await linksOf(other.id);

    expect(await thrownBy(post({ intent: "remove", id: theirs!.id }))).toMatchObject({ init: { status: 404 } });
    expect(await thrownBy(load(owner, `?remover=${theirs!.id}`))).toMatchObject({ init: { status: 404 } });
    expect(await linksOf(other.id)).toHaveLength(1);
    expect(await thrownBy(post({ intent: "remove", id: "" }))).toMatchObject({ init: { status: 404 } });
  });

  it("the removed professional loses access through the owner at once", async () => {
    await setPlan(owner.id, "avancado");
    const member = await createProfessional(db);
    await post({ intent: "add", email: member.email });
    await login(member);
    await db.update(subscriptions).set({ trialEndDate: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, member.id));
    expect((await loadAccess(db, { ...member, sessionId: "t" }))!.access).toBe("linked");

    const [link] = await linksOf(owner.id);
    await post({ intent: "remove", id: link!.id });
    expect((await loadAccess(db, { ...member, sessionId: "t" }))!.access).toBe("denied");
  });
});

// ------------------------------------------------------------------ activation

async function login(who: Pro) {
  const res = await callAction(loginAction, { db, path: "/login", form: { intent: "login", email: who.email, password: who.password } });
  expect(responseOf(res).status).toBe(302);
  return res;
}

const linkFor = async (email: string) =>
  (await db.select().from(linkedAccounts).where(eq(linkedAccounts.linkedUserEmail, email)))[0];

describe("activation", () => {
  beforeEach(async () => {
    await setPlan(owner.id, "avancado");
  });

  it("registering with the invited e-mail activates the link and reaches the workspace through the owner", async () => {
    await post({ intent: "add", email: "joana@example.com" });
    const res = responseOf(
      await callAction(registerAction, {
        db,
        path: "/register",
        form: {
          name: "Joana Lima",
          email: "Joana@Example.com",
          phone: "(11) 98888-7777",
          password: "senha123",
          confirmPassword: "senha123",
          terms: "on",
        },
      }),
    );
    expect(res).toHaveRedirect("/dashboard");
    const session = await getSessionUser(db, new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: cookiesFrom(res) } }));
    const link = await linkFor("joana@example.com");
    expect(link).toMatchObject({ status: "active", linkedUserId: session!.id });
    const access = await loadAccess(db, session!);
    expect(access).toMatchObject({ access: "linked", linkedOwnerId: owner.id });
    expect((await load()).owner!.items[0]).toMatchObject({ status: "active", name: "Joana Lima", invite: null });
  });

  it("an e-mail already registered is activated at its next sign-in, keeping its own data", async () => {
    const member = await createProfessional(db, { name: "Carla Dias" });
    await post({ intent: "add", email: member.email });
    expect(await linkFor(member.email)).toMatchObject({ status: "pending", linkedUserId: null });
    await login(member);
    expect(await linkFor(member.email)).toMatchObject({ status: "active", linkedUserId: member.id });
  });

  it("a wrong password activates nothing", async () => {
    const member = await createProfessional(db);
    await post({ intent: "add", email: member.email });
    await callAction(loginAction, { db, path: "/login", form: { intent: "login", email: member.email, password: "errada" } });
    expect(await linkFor(member.email)).toMatchObject({ status: "pending", linkedUserId: null });
  });

  it("someone who owns a team is never activated into another one", async () => {
    const other = await createProfessional(db);
    await post({ intent: "add", email: other.email }); // invited before owning a team
    await setPlan(other.id, "essencial");
    await post({ intent: "add", email: "helper@example.com" }, other);
    await login(other);
    expect(await linkFor(other.email)).toMatchObject({ status: "pending", linkedUserId: null });
    expect((await loadAccess(db, { ...other, sessionId: "t" }))!.linkedOwnerId).toBeNull();
  });

  it("a pending invitation gives no access through the owner", async () => {
    const member = await createProfessional(db);
    await post({ intent: "add", email: member.email });
    await db.update(subscriptions).set({ trialEndDate: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, member.id));
    const access = await loadAccess(db, { ...member, sessionId: "t" });
    expect(access!.access).toBe("denied");
    expect(
      await db
        .select()
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.linkedUserId, member.id))),
    ).toHaveLength(0);
  });
});

describe("leaving a team", () => {
  it("a member leaves: the link is gone and their own trial decides again; anyone else gets 404", async () => {
    await setPlan(owner.id, "avancado");
    const member = await createProfessional(db);
    await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
    expect((await loadAccess(db, { ...member, sessionId: "t" }))!.access).toBe("linked");

    const res = await post({ intent: "leave" }, member);
    expect(responseOf(res).status).toBe(302);
    await expect(res).toSendToast({ title: "Você saiu da equipe" });
    expect(await linksOf(owner.id)).toEqual([]);
    expect((await loadAccess(db, { ...member, sessionId: "t" }))!.access).toBe("subscription"); // own 7-day trial

    const stranger = await createProfessional(db);
    expect(await thrownBy(post({ intent: "leave" }, stranger))).toMatchObject({ init: { status: 404 } });
  });
});

describe("Contas and Planos say the same of each plan's team", () => {
  const rendered = renderRoute;
  const text = visibleText;
  /** What a text says of a team: 'você e mais N' (N linked besides the owner), 'ilimitado', or nothing. */
  const team = (s: string) => s.match(/você e mais (\d+)/)?.[1] ?? (/ilimitad/.test(s) ? "ilimitado" : null);

  it("every plan's card in Planos and the Contas tab of an owner on it name the same seats, as the catalogue has them", async () => {
    const plansPage = await callLoader(plansTabLoader, { db, as: owner, path: "/configuracoes/planos" });
    const cards = rendered(PlansTab, "/configuracoes/planos", plansPage).split('data-testid="plan-').slice(1);
    const planos = Object.fromEntries(cards.map((card) => [card.slice(0, card.indexOf('"')), text(card)]));
    expect(Object.keys(planos)).toEqual(PLANS.map((p) => p.id));

    // On the trial: Contas names the plans that link a team; they are the ones whose card says so.
    const trial = text(rendered(LinkedAccountsSettings, PATH, await load()));
    const linking = PLANS.filter((p) => planos[p.id]!.includes("Contas vinculadas")).map((p) => p.name);
    expect(linking.length).toBeGreaterThan(0);
    for (const plan of PLANS) expect(trial.includes(`${plan.name} (`), `Contas on the trial names ${plan.name}`).toBe(linking.includes(plan.name));

    for (const plan of PLANS) {
      await setPlan(owner.id, plan.id);
      const contas = text(rendered(LinkedAccountsSettings, PATH, await load()));
      const expected = plan.seats === null ? "ilimitado" : String(plan.seats - 1);
      expect(team(contas), `Contas on ${plan.name}`).toBe(expected);
      expect(team(planos[plan.id]!), `Planos' ${plan.name} card`).toBe(expected);
    }
  });
});
