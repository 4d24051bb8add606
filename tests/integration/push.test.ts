// Push notifications end to end: the professional's device subscribed through Configurações >
// Notificações, a customer's booking and cancel on the public pages, and what a local push
// service stand-in received — its VAPID JWT verified and the message decrypted with the test
// subscription's own keys (tests/support/push-stand-in.ts), never a mocked function.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointments, profiles, pushOutbox, pushSubscriptions } from "../../db/schema";
import { action as bookAction } from "../../app/routes/booking";
import { action as statusAction } from "../../app/routes/booking-status";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/settings.notifications";
import { dayOfWeek } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { newVapidKeys } from "../../scripts/vapid-keys";
import { contextFor, createTestDb, formRequest, settleBackground } from "../support/db";
import { envOverrides } from "../support/env";
import { createBookablePro, createProfessional, workingDay } from "../support/factories";
import { startPushStandIn, trustStandIn, type PushStandIn, type TestSubscription } from "../support/push-stand-in";
import { answerStatus, callAction, callLoader, locationOf, routeArgs } from "../support/routes";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const WEEKDAYS = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"];

const env = envOverrides();
let service: PushStandIn;

beforeAll(async () => {
  trustStandIn();
  // A device whose push service takes 1 s to answer ('slow-…'): the page never waits for it.
  service = await startPushStandIn({ slowMs: 1_000 });
  const keys = newVapidKeys();
  env.set({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:operacao@agendo.test", PUSH_SERVICE_ORIGINS: service.origin });
});
afterAll(async () => {
  env.restore();
  await service.close();
});

async function setup(db: Db) {
  const { pro, service: corte } = await createBookablePro(db, { name: "Ana Souza" });
  const date = workingDay(2);
  return { pro, corte, date, when: `${WEEKDAYS[dayOfWeek(date)]} ${date.slice(8, 10)}/${date.slice(5, 7)} às 10:00` };
}

const settings = (db: Db, pro: { id: string; email: string }, form: Record<string, string>) =>
  callAction(settingsAction, { db, as: pro, path: "/configuracoes/notificacoes", form, headers: { "User-Agent": ANDROID } }).catch((thrown: unknown) => thrown);

const subscribe = (db: Db, pro: { id: string; email: string }, sub: TestSubscription) => settings(db, pro, { intent: "push-subscribe", ...sub });

/**
 * The customer books on the page, through the action itself (not callAction, which waits for the
 * work after the answer): the answer, and the context whose after-answer work can be awaited.
 */
async function book(db: Db, slug: string, serviceId: string, date: string) {
  const context = contextFor(db);
  const path = `/agendamento/${slug}`;
  const form = { servico: serviceId, data: date, horario: "10:00", name: "Carla Dias", phone: "(11) 98888-7777", notes: "" };
  const args = await routeArgs({ context, path, params: { slug }, request: formRequest(path, form) });
  const answer = await Promise.resolve(bookAction(args)).catch((thrown: unknown) => thrown);
  return { answer, context };
}

describe("push notifications", () => {
  it("a booking on the page reaches the professional's phone, decrypted, with who, what and when; the tap opens Solicitações", async () => {
    const db = createTestDb();
    const { pro, corte, date, when } = await setup(db);
    const phone = service.newSubscription("slow-");
    expect(locationOf(await subscribe(db, pro, phone))).toBe("/configuracoes/notificacoes");
    const page = await callLoader(settingsLoader, { db, as: pro, path: "/configuracoes/notificacoes" });
    expect(page.push.devices.map((d) => d.label)).toEqual(["Chrome no Android"]);

    const before = service.received.length;
    const { answer, context } = await book(db, pro.bookingSlug, corte.id, date);
    expect(locationOf(answer)).toMatch(/^\/agendamento\/reserva\//);
    // The customer had their answer while the slow push service was still busy.
    expect(service.received.length).toBe(before);
    await settleBackground(context);

    expect(service.refused).toEqual([]);
    expect(service.received.slice(before)).toEqual([
      {
        endpoint: phone.endpoint,
        payload: { title: `Nova solicitação: Carla Dias, Corte, ${when}`, body: "Toque para aceitar ou recusar.", url: "/solicitacoes", tag: expect.stringMatching(/^new-request:/) },
        ttl: 86_400,
        subject: "mailto:operacao@agendo.test",
      },
    ]);
    const [row] = await db.select().from(pushOutbox).where(eq(pushOutbox.professionalId, pro.id));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a booking confirmed automatically says so and its tap opens the appointment itself", async () => {
    const db = createTestDb();
    const { pro, corte, date, when } = await setup(db);
    await db.update(profiles).set({ autoConfirm: true }).where(eq(profiles.userId, pro.id));
    const phone = service.newSubscription();
    await subscribe(db, pro, phone);
    const before = service.received.length;
    const booked = await book(db, pro.bookingSlug, corte.id, date);
    await settleBackground(booked.context);
    const [appointment] = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(service.received.slice(before).map((r) => [r.payload.title, r.payload.body, r.payload.url])).toEqual([
      [`Novo agendamento: Carla Dias, Corte, ${when}`, "Confirmado automaticamente. Já está na sua agenda.", `/agenda?editar=${appointment!.id}`],
    ]);
  });

  it("the customer's cancel reaches every device; one the push service says is gone is deleted; a muted event sends nothing", async () => {
    const db = createTestDb();
    const { pro, corte, date, when } = await setup(db);
    const phone = service.newSubscription();
    const oldTablet = service.newSubscription("gone-");
    await subscribe(db, pro, phone);
    await subscribe(db, pro, oldTablet);
    // 'Nova solicitação' off: the booking itself sends nothing.
    const kinds = { "auto-confirmed": "on", "customer-cancel": "on", "customer-move": "on", attendance: "on", "deposit-paid": "on" };
    expect(locationOf(await settings(db, pro, { intent: "push-kinds", ...kinds }))).toBe("/configuracoes/notificacoes");
    const before = service.received.length;
    const booked = await book(db, pro.bookingSlug, corte.id, date);
    await settleBackground(booked.context);
    expect(service.received.length).toBe(before);

    const token = locationOf(booked.answer).split("/")[3]!.split("?")[0]!;
    const context = contextFor(db);
    await callAction(statusAction, { context, path: `/agendamento/reserva/${token}`, params: { token }, form: { intent: "cancel" } }).catch(() => null);
    await settleBackground(context);
    expect(service.received.slice(before).map((r) => [r.endpoint, r.payload.title, r.payload.url])).toEqual([
      [phone.endpoint, `Cancelado pelo cliente: Carla Dias, Corte, ${when}`, `/agenda?vista=dia&data=${date}`],
    ]);
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.professionalId, pro.id));
    expect(devices.map((d) => d.endpoint)).toEqual([phone.endpoint]);
  });

  it("a push service's redirect is never followed: the message fails there and goes nowhere else (issue 32, finding 8)", async () => {
    const db = createTestDb();
    const { pro, corte, date } = await setup(db);
    const moved = service.newSubscription("moved-");
    await subscribe(db, pro, moved);
    const booked = await book(db, pro.bookingSlug, corte.id, date);
    await settleBackground(booked.context);
    expect(service.followed).toEqual([]);
    const [row] = await db.select().from(pushOutbox).where(eq(pushOutbox.professionalId, pro.id));
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("'Remover' takes only one's own device (someone else's is a 404); a subscription that is not one is refused beside the button", async () => {
    const db = createTestDb();
    const { pro } = await setup(db);
    const other = await createProfessional(db, { name: "Bia Lima" });
    await subscribe(db, pro, service.newSubscription());
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.professionalId, pro.id));
    expect(answerStatus(await settings(db, other, { intent: "push-remove", id: device!.id }))).toBe(404);
    expect(locationOf(await settings(db, pro, { intent: "push-remove", id: device!.id }))).toBe("/configuracoes/notificacoes");
    expect(await db.select().from(pushSubscriptions)).toEqual([]);

    const refused = (await settings(db, pro, { intent: "push-subscribe", endpoint: "http://example.com/x", p256dh: "abc", auth: "def" })) as { data: { pushError: string }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.pushError).toBe("O navegador não enviou uma inscrição válida. Tente de novo.");
    // An endpoint anywhere but at a push service is not kept (the server would POST to it).
    const elsewhere = (await settings(db, pro, { intent: "push-subscribe", ...service.newSubscription(), endpoint: "https://intranet.example.com/admin" })) as typeof refused;
    expect([elsewhere.init.status, elsewhere.data.pushError]).toEqual([400, "Este navegador usa um serviço de notificações que o Agendo não conhece. Use o Chrome, o Edge, o Firefox ou o Safari."]);
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
  });
});
