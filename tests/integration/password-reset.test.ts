// Password reset: the e-mail asked for on the login page, its one-time link and the new password.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox, passwordResetTokens, sessions } from "../../db/schema";
import { loader as resetLoader } from "../../app/routes/reset-password";
import { createResetToken, verifyLogin } from "../../app/domain/accounts/credentials.server";
import { queueEmail, SECRET_REMOVED } from "../../app/utils/email.server";
import { deliverSoon, sendSoon } from "../../app/domain/notifications/deliver-soon.server";
import { contextFor, cookiesFrom, createTestDb, ORIGIN, settleBackground } from "../support/db";
import { createProfessional } from "../support/factories";
import { callLoader, replyOf, responseOf } from "../support/routes";
import { outbox, requestReset, resetPage, resetWith, rows, sessionUser, signIn, tokenFrom } from "../support/account-forms";

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {}); // the log e-mail transport
});
afterEach(() => {
  vi.restoreAllMocks();
});

// ------------------------------------------------------------------ password reset

describe("password reset", () => {
  const SENT_TOAST = {
    type: "success",
    title: "E-mail enviado!",
    description: "Verifique sua caixa de entrada para redefinir sua senha.",
  } as const;

  it("e-mails a one-hour link to an existing account", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const res = responseOf(await requestReset(db, ` ${pro.email.toUpperCase()} `));
    expect(res).toHaveRedirect("/login");
    await expect(res).toSendToast(SENT_TOAST);

    const mails = await outbox(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(pro.email);
    expect(mails[0]!.status).toBe("sent");
    expect(mails[0]!.text).toContain(`${ORIGIN}/redefinir-senha?token=`);
    const token = tokenFrom(mails[0]!.text);

    // Only the token's digest is stored.
    const [stored] = await db.select().from(passwordResetTokens);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const page = await resetPage(db, token);
    expect(page.data).toEqual({ token, valid: true });
    expect(page.init?.status).toBe(200);
    expect(new Headers(page.init?.headers).get("Referrer-Policy")).toBe("no-referrer");
  });

  it("answers an unknown e-mail the same way and sends nothing", async () => {
    const db = createTestDb();
    await createProfessional(db);
    const res = responseOf(await requestReset(db, "ninguem@example.com"));
    expect(res).toHaveRedirect("/login");
    await expect(res).toSendToast(SENT_TOAST);
    expect(await outbox(db)).toHaveLength(0);
    expect(await rows(db, passwordResetTokens)).toBe(0);
  });

  it("asks for the e-mail first", async () => {
    const db = createTestDb();
    const reply = replyOf(await requestReset(db, "  "));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ email: ["Digite seu e-mail antes de solicitar redefinição de senha."] });
    expect(reply.data.alert).toEqual({
      title: "E-mail necessário",
      text: "Digite seu e-mail antes de solicitar redefinição de senha.",
    });
    expect(await outbox(db)).toHaveLength(0);
  });

  it("sends at most 3 reset e-mails per address in 15 minutes, silently", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    for (let i = 0; i < 5; i++) {
      const res = responseOf(await requestReset(db, pro.email));
      expect(res).toHaveRedirect("/login");
      await expect(res).toSendToast(SENT_TOAST);
    }
    expect(await outbox(db)).toHaveLength(3);
  });

  it("the link sets a new password once, signs out every other device and signs this one in", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const deviceA = await signIn(db, pro.email, pro.password);
    const deviceB = await signIn(db, pro.email, pro.password, { remember: "on" });
    await requestReset(db, pro.email);
    const token = tokenFrom((await outbox(db))[0]!.text);

    const res = responseOf(await resetWith(db, token, "nova-senha-123"));
    expect(res).toHaveRedirect("/dashboard");
    await expect(res).toSendToast({
      type: "success",
      title: "Senha redefinida!",
      description: "Você já está conectado com a nova senha.",
    });

    expect(await verifyLogin(db, pro.email, pro.password)).toBeNull();
    expect(await verifyLogin(db, pro.email, "nova-senha-123")).toEqual({ id: pro.id, email: pro.email });
    expect(await rows(db, sessions)).toBe(1);
    expect(await sessionUser(db, deviceA.cookie)).toBeNull();
    expect(await sessionUser(db, deviceB.cookie)).toBeNull();
    expect((await sessionUser(db, cookiesFrom(res)))?.id).toBe(pro.id);
    const [stored] = await db.select().from(passwordResetTokens);
    expect(stored!.usedAt).not.toBeNull();

    // The same link a second time is refused and changes nothing.
    const again = replyOf(await resetWith(db, token, "terceira-senha"));
    expect(again.init?.status).toBe(400);
    expect(again.data.invalid).toBe(true);
    expect(JSON.stringify(again.data)).not.toContain("terceira-senha");
    expect(await verifyLogin(db, pro.email, "terceira-senha")).toBeNull();
    expect(await verifyLogin(db, pro.email, "nova-senha-123")).not.toBeNull();
    const page = await resetPage(db, token);
    expect(page.data.valid).toBe(false);
    expect(page.init?.status).toBe(400);

    // Signing in with the new password works through the form.
    await signIn(db, pro.email, "nova-senha-123");
  });

  it("a mismatched confirmation is a field error and does not spend the token", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { token } = (await createResetToken(db, pro.email))!;
    const reply = replyOf(await resetWith(db, token, "nova-senha-123", "nova-senha-124"));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.invalid).toBe(false);
    expect(reply.data.result.error).toEqual({ confirmPassword: ["As senhas não coincidem"] });
    expect(JSON.stringify(reply.data)).not.toContain("nova-senha-12");
    expect((await resetPage(db, token)).data.valid).toBe(true);
    expect(await verifyLogin(db, pro.email, pro.password)).not.toBeNull();
  });

  it("an expired link is refused", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { token } = (await createResetToken(db, pro.email, new Date(Date.now() - 2 * 60 * 60_000)))!;
    const page = await resetPage(db, token);
    expect(page.data).toEqual({ token, valid: false });
    expect(page.init?.status).toBe(400);
    const reply = replyOf(await resetWith(db, token, "nova-senha-123"));
    expect(reply.data.invalid).toBe(true);
    expect(await verifyLogin(db, pro.email, pro.password)).not.toBeNull();
  });

  it("only the newest link works, and using one voids every other", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await requestReset(db, pro.email);
    const first = tokenFrom((await outbox(db))[0]!.text);
    await requestReset(db, pro.email);
    const mails = await outbox(db);
    const second = tokenFrom(mails[1]!.text);
    expect((await resetPage(db, first)).data.valid).toBe(false);
    expect((await resetPage(db, second)).data.valid).toBe(true);
    // The replaced link's e-mail no longer holds it.
    expect(mails[0]!.text).not.toContain(first);

    // Two links outstanding at once (made directly): using one spends the other.
    const extra = (await createResetToken(db, pro.email))!.token;
    const other = (await createResetToken(db, pro.email))!.token;
    await db.update(passwordResetTokens).set({ usedAt: null }).where(eq(passwordResetTokens.userId, pro.id));
    expect(responseOf(await resetWith(db, extra, "nova-senha-123")).status).toBe(302);
    expect((await resetPage(db, other)).data.valid).toBe(false);
  });

  it("the outbox keeps a link's body only until it is used or expires", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await requestReset(db, pro.email);
    const [sent] = await outbox(db);
    expect(sent!.sensitiveUntil!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const token = tokenFrom(sent!.text);
    await resetWith(db, token, "nova-senha-123");
    expect((await outbox(db))[0]!.text).toBe(SECRET_REMOVED);

    // An expired one is cleared as the next message goes out.
    await requestReset(db, pro.email);
    await db.update(emailOutbox).set({ sensitiveUntil: new Date(Date.now() - 1000) });
    const context = contextFor(db);
    await sendSoon(context, { to: "outra@example.com", subject: "Outro", text: "texto" });
    await settleBackground(context);
    const bodies = (await outbox(db)).map((m) => m.text);
    expect(bodies.filter((t) => t.includes("/redefinir-senha?token="))).toEqual([]);
    expect(bodies).toContain("texto");
  });

  it("a real transport's copy keeps no link once delivered", async () => {
    const db = createTestDb();
    const delivered: string[] = [];
    const realTransport = { name: "resend", send: async (m: { text: string }) => void delivered.push(m.text) };
    const { statements, queued } = queueEmail(db, { to: "ana@example.com", subject: "Redefinir", text: "link?token=abc", sensitiveUntil: new Date(Date.now() + 3600_000) }, { transport: realTransport });
    await db.batch(statements);
    const context = contextFor(db);
    deliverSoon(context, [queued]);
    await settleBackground(context);
    expect(delivered).toEqual(["link?token=abc"]);
    const [row] = await outbox(db);
    expect(row).toMatchObject({ status: "sent", text: SECRET_REMOVED, sensitiveUntil: null });
  });

  it("an unknown or missing token is refused", async () => {
    const db = createTestDb();
    expect((await resetPage(db, "nao-existe")).data.valid).toBe(false);
    const page = await callLoader(resetLoader, { db, path: "/redefinir-senha" });
    expect(page.data).toEqual({ token: "", valid: false });
  });
});
