// Configurações > Pagamentos and the Mercado Pago foundation against the local stand-in:
// 'Conectar Mercado Pago' -> the authorisation page -> the return route -> tokens stored sealed
// -> refreshed before they expire -> 'Desconectar'; the callback's failures; and the provider's
// Pix contract (centavos out and back, one payment per idempotency key, refunds, the webhook's
// real signature).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentAccounts } from "../../db/schema";
import { action, loader } from "../../app/routes/settings.payments";
import { loader as returnLoader } from "../../app/routes/settings.payments.return";
import { validAccessToken } from "../../app/domain/payments/accounts.server";
import { CONNECT_STATE_TTL_MS, finishConnect } from "../../app/domain/payments/connect.server";
import { mercadoPago } from "../../app/domain/payments/mercadopago.server";
import { PAYMENT_WEBHOOK_PATH, paymentNotificationUrl } from "../../app/domain/payments/notifications.server";
import { openSecret } from "../../app/utils/secret-box.server";
import { verifyMercadoPagoSignature } from "../../app/utils/mercadopago-signature.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, ORIGIN } from "../support/db";
import { dispatch } from "../support/dispatch";
import { createProfessional } from "../support/factories";
import { callAction, callLoader, locationOf } from "../support/routes";
import { envOverrides } from "../support/env";
import { MERCADOPAGO_ENV_KEYS, mercadoPagoSignature, mercadoPagoTestEnv, MP_TEST_CLIENT_ID, MP_TEST_WEBHOOK_SECRET } from "../support/mercadopago";
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from "../support/mercadopago-stand-in";

const TAB = "/configuracoes/pagamentos";
let standIn: MercadoPagoStandIn;
let db: Db;
let pro: { id: string; email: string };
const env = envOverrides();

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
});
afterAll(async () => {
  await standIn.close();
  env.restore();
});
beforeEach(async () => {
  env.set(mercadoPagoTestEnv(standIn.url));
  db = createTestDb();
  pro = await createProfessional(db, { name: "Carla Dias" });
  standIn.requests.length = 0;
});
afterEach(() => db.$client.close());

const post = (fields: Record<string, string>, who = pro) => callAction(action, { db, as: who, path: TAB, form: fields });
const rowOf = async (userId = pro.id) => (await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)))[0];

/** 'Conectar Mercado Pago', then the stand-in's page, then its 'Permitir' (or 'Recusar') link: the return URL. */
async function authorise(who = pro, choice: "Permitir" | "Recusar" = "Permitir") {
  const out = new URL(locationOf(await post({ intent: "connect" }, who)));
  const page = await (await fetch(out)).text();
  const href = new RegExp(`<a href="([^"]+)">${choice}</a>`).exec(page)![1]!.replaceAll("&#38;", "&");
  return { out, back: new URL(href) };
}

const comeBack = (back: URL, who = pro) => callLoader(returnLoader, { db, as: who, path: `${back.pathname}${back.search}` });

describe("Configurações > Pagamentos", () => {
  it("without the server's configuration says so and connects nothing", async () => {
    env.set(Object.fromEntries(MERCADOPAGO_ENV_KEYS.map((k) => [k, undefined])));
    expect(await callLoader(loader, { db, as: pro, path: TAB })).toEqual({ configured: false });
    await expect(await post({ intent: "connect" })).toSendToast({ type: "error", title: "Pagamentos online não configurados" });
    expect(standIn.requests).toEqual([]);
  });

  it("connects through Mercado Pago's page, stores the tokens sealed, refreshes them before they expire, and disconnects", async () => {
    const { out, back } = await authorise();
    expect(`${out.origin}${out.pathname}`).toBe(`${standIn.url}/authorization`);
    expect(Object.fromEntries(out.searchParams)).toMatchObject({
      client_id: MP_TEST_CLIENT_ID,
      response_type: "code",
      platform_id: "mp",
      redirect_uri: "http://localhost:3000/configuracoes/pagamentos/mercadopago/retorno",
    });

    const res = await comeBack(back);
    expect(res).toHaveRedirect(TAB);
    await expect(res).toSendToast({ type: "success", title: "Mercado Pago conectado." });
    expect(standIn.requests.map((r) => [r.path, r.body.grant_type, r.body.redirect_uri])).toEqual([
      ["/oauth/token", "authorization_code", out.searchParams.get("redirect_uri")],
    ]);

    // The database holds ciphertext only; the tokens open with the key, for this row alone.
    const row = (await rowOf())!;
    const [issued] = [...standIn.accessTokens.keys()];
    for (const token of [...standIn.accessTokens.keys(), ...standIn.refreshTokens.keys()]) expect(JSON.stringify(row)).not.toContain(token);
    expect(await openSecret(row.accessTokenSealed, `payment_accounts.access_token:${pro.id}:mercadopago`)).toBe(issued);
    const view = await callLoader(loader, { db, as: pro, path: TAB });
    expect(view).toMatchObject({ configured: true, account: { accountId: row.providerUserId, testMode: true }, confirming: false });
    expect(JSON.stringify(view)).not.toContain(issued);

    // A token far from its end is used as it is; one within the margin is refreshed first.
    expect(await validAccessToken(db, pro.id)).toMatchObject({ accessToken: issued, providerUserId: row.providerUserId });
    expect(standIn.requests).toHaveLength(1);
    await db.update(paymentAccounts).set({ expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(paymentAccounts.userId, pro.id));
    // Two requests at once: one refresh wins, the other (its refresh token spent) uses the winner's.
    const [a, b] = await Promise.all([validAccessToken(db, pro.id), validAccessToken(db, pro.id)]);
    const refreshed = (await rowOf())!;
    const stored = await openSecret(refreshed.accessTokenSealed, `payment_accounts.access_token:${pro.id}:mercadopago`);
    expect(stored).not.toBe(issued);
    expect([a!.accessToken, b!.accessToken]).toContain(stored);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    expect(standIn.requests.filter((r) => r.body.grant_type === "refresh_token").length).toBeGreaterThanOrEqual(1);
    expect(await mercadoPago.getCharge(stored, "1").catch((e: Error) => e.message)).toBe("O Mercado Pago não encontrou esse pagamento.");

    // 'Desconectar' asks first (a page state), then deletes the tokens.
    expect(await callLoader(loader, { db, as: pro, path: `${TAB}?desconectar=1` })).toMatchObject({ confirming: true });
    const gone = await post({ intent: "disconnect" });
    expect(gone).toHaveRedirect(TAB);
    await expect(gone).toSendToast({ title: "Mercado Pago desconectado." });
    expect(await rowOf()).toBeUndefined();
    expect(await validAccessToken(db, pro.id)).toBeNull();
  });

  it("turns every failed return into a pt-BR message on the tab, storing nothing", async () => {
    const other = await createProfessional(db, { name: "Outra Pessoa" });
    const denied = await comeBack((await authorise(pro, "Recusar")).back);
    await expect(denied).toSendToast({ type: "error", title: "Conexão não autorizada" });

    // Someone else's return (their state), a forged state, no state, a code used twice.
    const { back } = await authorise(other);
    await expect(await comeBack(back)).toSendToast({ type: "error", title: "Não foi possível conectar" });
    await expect(await comeBack(new URL(`${back.origin}${back.pathname}?code=TG-x&state=forjado`))).toSendToast({ title: "Não foi possível conectar" });
    await expect(await comeBack(new URL(`${back.origin}${back.pathname}?code=TG-x`))).toSendToast({ title: "Não foi possível conectar" });
    expect(standIn.requests).toEqual([]);
    const mine = (await authorise()).back;
    mine.searchParams.set("code", "TG-codigo-invalido");
    const refused = await comeBack(mine);
    expect(refused).toHaveRedirect(TAB);
    await expect(refused).toSendToast({ type: "error", description: "O Mercado Pago não aceitou a autorização. Conecte sua conta de novo." });
    expect(await rowOf()).toBeUndefined();
    expect(await rowOf(other.id)).toBeUndefined();

    // Tokens sealed under another key (PAYMENTS_ENCRYPTION_KEY changed) mean connecting again.
    await comeBack((await authorise()).back);
    env.set({ PAYMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64") });
    await expect(validAccessToken(db, pro.id)).rejects.toMatchObject({ grantRefused: true, message: expect.stringContaining("Conecte sua conta de novo") });
    env.set(mercadoPagoTestEnv(standIn.url));

    // A state older than its time to live.
    const late = (await authorise()).back;
    const expired = await finishConnect(db, pro.id, late.searchParams, "mercadopago", new Date(Date.now() + CONNECT_STATE_TTL_MS + 1000));
    expect(expired).toEqual({ ok: false, reason: "state" });
  });
});

describe("the Pix contract through the provider", () => {
  it("charges in decimal reais once per idempotency key, reads back centavos, refunds once, and signs its webhook", async () => {
    await comeBack((await authorise()).back);
    const { accessToken } = (await validAccessToken(db, pro.id))!;
    const input = {
      amountCents: 1550,
      description: "Sinal — Corte com Carla",
      payerEmail: "cliente@example.com",
      // Mercado Pago takes a Pix expiry 30 minutes to 30 days ahead.
      expiresAt: new Date(Date.now() + 31 * 60_000),
      externalReference: "pedido-1",
      notificationUrl: `${standIn.url}/__health`,
      idempotencyKey: "pedido-1",
    };
    const first = await mercadoPago.createPixCharge(accessToken, input);
    const retry = await mercadoPago.createPixCharge(accessToken, input);
    expect(retry).toEqual(first);
    expect(first).toMatchObject({ status: "pending", qrCode: expect.stringMatching(/^000201/) });
    expect(standIn.payments.size).toBe(1);
    const sent = standIn.requests.find((r) => r.path === "/v1/payments")!;
    expect(sent).toMatchObject({ idempotencyKey: "pedido-1", authorization: `Bearer ${accessToken}` });
    expect(sent.body).toMatchObject({ transaction_amount: 15.5, payment_method_id: "pix", payer: { email: "cliente@example.com" }, external_reference: "pedido-1" });
    expect(String(sent.body.date_of_expiration)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/);

    expect(await mercadoPago.getCharge(accessToken, first.paymentId)).toMatchObject({ status: "pending", amountCents: 1550, externalReference: "pedido-1" });
    const delivery = await standIn.pay(first.paymentId);
    const paid = await mercadoPago.getCharge(accessToken, first.paymentId);
    expect(paid).toMatchObject({ status: "approved", amountCents: 1550, refundedCents: 0, paidAt: expect.any(Date) });
    const url = new URL(delivery.url);
    expect(url.searchParams.get("data.id")).toBe(first.paymentId);
    expect(
      await verifyMercadoPagoSignature({
        signature: delivery.headers["x-signature"]!,
        requestId: delivery.headers["x-request-id"]!,
        dataId: url.searchParams.get("data.id"),
        secret: MP_TEST_WEBHOOK_SECRET,
      }),
    ).toMatchObject({ ok: true });

    const refund = await mercadoPago.refundCharge(accessToken, first.paymentId, "estorno-pedido-1");
    expect(await mercadoPago.refundCharge(accessToken, first.paymentId, "estorno-pedido-1")).toEqual(refund);
    expect(refund.amountCents).toBe(1550);
    expect(await mercadoPago.getCharge(accessToken, first.paymentId)).toMatchObject({ status: "refunded", refundedCents: 1550 });
  });
});

describe("the webhook", () => {
  const WEBHOOK = PAYMENT_WEBHOOK_PATH;
  let forwarder: Server;
  let forwarderUrl: string;
  const answers: { status: number; body: unknown }[] = [];

  // Mercado Pago's servers reach the app over HTTP: the stand-in posts here, and each delivery
  // goes through the whole app in-process.
  beforeAll(async () => {
    forwarder = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const answer = await dispatch(db, new Request(`${ORIGIN}${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }));
      const body = answer.value instanceof Response ? await answer.value.text() : JSON.stringify(answer.value);
      answers.push({ status: answer.status, body });
      res.writeHead(answer.status).end(body);
    });
    await new Promise<void>((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
    forwarderUrl = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => forwarder.close(() => resolve())));
  beforeEach(() => {
    answers.length = 0;
  });

  async function chargeFor(who: { id: string; email: string }) {
    await comeBack((await authorise(who)).back, who);
    const { accessToken, providerUserId } = (await validAccessToken(db, who.id))!;
    const charge = await mercadoPago.createPixCharge(accessToken, {
      amountCents: 2000,
      description: "Sinal",
      payerEmail: "cliente@example.com",
      // Mercado Pago takes a Pix expiry 30 minutes to 30 days ahead.
      expiresAt: new Date(Date.now() + 31 * 60_000),
      externalReference: `pedido-${who.id}`,
      // The app's own address, paymentNotificationUrl(), with this test's forwarder as its host.
      notificationUrl: paymentNotificationUrl().replace(ORIGIN, forwarderUrl),
      idempotencyKey: `pedido-${who.id}`,
    });
    return { ...charge, accessToken, providerUserId };
  }

  function signed(dataId: string, sellerId: string, opts: { ts?: number; secret?: string; signedId?: string } = {}) {
    const requestId = crypto.randomUUID();
    const ts = opts.ts ?? Math.floor(Date.now() / 1000);
    const signature = mercadoPagoSignature({ dataId: opts.signedId ?? dataId, requestId, ts, secret: opts.secret });
    return new Request(`${ORIGIN}${WEBHOOK}?data.id=${dataId}&type=payment`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-request-id": requestId, "x-signature": signature },
      body: JSON.stringify({ action: "payment.updated", type: "payment", data: { id: dataId }, user_id: sellerId }),
    });
  }

  it("takes the stand-in's signed notification and reads the payment back with the professional's token", async () => {
    const charge = await chargeFor(pro);
    standIn.requests.length = 0;
    const delivery = await standIn.pay(charge.paymentId);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(String(answers[0]!.body))).toMatchObject({ received: true, outcome: "approved" });
    expect(standIn.requests).toEqual([
      expect.objectContaining({ method: "GET", path: `/v1/payments/${charge.paymentId}`, authorization: `Bearer ${charge.accessToken}` }),
    ]);
  });

  it("refuses a missing, forged, old or re-pointed signature with 400, reading nothing; another seller's payment is unknown", async () => {
    const charge = await chargeFor(pro);
    const other = await createProfessional(db, { name: "Outra Pessoa" });
    const theirs = await chargeFor(other);
    standIn.requests.length = 0;
    const unsigned = signed(charge.paymentId, charge.providerUserId);
    unsigned.headers.delete("x-signature");
    const refusals = [
      unsigned,
      signed(charge.paymentId, charge.providerUserId, { secret: "outro-segredo" }),
      signed(charge.paymentId, charge.providerUserId, { ts: Math.floor(Date.now() / 1000) - 600 }),
      signed(charge.paymentId, charge.providerUserId, { signedId: theirs.paymentId }),
    ];
    for (const request of refusals) expect((await dispatch(db, request)).status).toBe(400);
    expect(standIn.requests).toEqual([]);

    // Signed, but naming the other seller: read with their token, Mercado Pago does not know it.
    const crossed = await dispatch(db, signed(charge.paymentId, theirs.providerUserId));
    expect(crossed.status).toBe(200);
    expect(await (crossed.value as Response).json()).toEqual({ received: true, outcome: "unknown" });
    expect(standIn.requests).toEqual([expect.objectContaining({ path: `/v1/payments/${charge.paymentId}`, authorization: `Bearer ${theirs.accessToken}` })]);

    env.set(Object.fromEntries(MERCADOPAGO_ENV_KEYS.map((k) => [k, undefined])));
    expect((await dispatch(db, signed(charge.paymentId, charge.providerUserId))).status).toBe(404);
  });
});
