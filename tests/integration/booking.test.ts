import { and, eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { appointments, bookingRequests, clients, emailOutbox, linkedAccounts, subscriptions, type AppointmentStatus } from "../../db/schema";
import { action as bookAction, loader as bookLoader } from "../../app/routes/booking";
import { action as statusAction, loader as statusLoader } from "../../app/routes/booking-status";
import { loader as icsLoader } from "../../app/routes/booking-status.ics";
import { action as requestsAction } from "../../app/routes/booking-requests";
import { TIME_TAKEN } from "../../app/domain/booking-requests/answers";
import { NAME_FORMAT } from "../../app/validation/booking";
import { addDays, minutesToTime, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, statusOf } from "../support/db";
import { createAppointment, createBookablePro, createBookingRequest, createClient, createProfessional, createService, workingDay } from "../support/factories";
import { answerStatus, callAction, callLoader, locationOf, replyOf, responseOf } from "../support/routes";

const setup = (db: Db, opts: { autoConfirm?: boolean } = {}) => createBookablePro(db, { profile: opts.autoConfirm ? { autoConfirm: true } : undefined });

/** A booking POST from the client address `ip` (as the root middleware resolves it). */
async function book(db: Db, slug: string, fields: Record<string, string>, ip?: string): Promise<unknown> {
  try {
    return await callAction(bookAction, { db, clientAddress: ip, path: `/agendamento/${slug}`, params: { slug }, form: fields });
  } catch (thrown) {
    return thrown;
  }
}

const bookingPage = (db: Db, slug: string, path = `/agendamento/${slug}`) => callLoader(bookLoader, { db, path, params: { slug } });
const statusPage = (db: Db, token: string, path?: string) => callLoader(statusLoader, { db, path, params: { token } });

/** The private link's token a successful booking redirects to. */
const tokenOf = (answer: unknown) => locationOf(answer).split("/")[3]!.split("?")[0]!;

const valid = (serviceId: string, date: string, time = "10:00") => ({
  servico: serviceId,
  data: date,
  horario: time,
  name: "Maria Clara",
  phone: "(11) 98888-7777",
  notes: "",
});

describe("public booking page", () => {
  it("answers 404 for an unknown link and lists only active services", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    await createService(db, pro.id, { name: "Antigo", isActive: false });
    await expect(bookingPage(db, "nao-existe")).rejects.toMatchObject({ init: { status: 404 } });
    const page = await bookingPage(db, pro.bookingSlug);
    expect(page.data.services.map((s) => s.name)).toEqual([service.name]);
    expect(page.data.step).toBe(1);
    // No shared cache keeps it: the server caches the professional's data itself (docs/decisions/0620).
    expect(new Headers(page.init?.headers).get("Cache-Control")).toBe("no-cache");
    // The professional id works as the link too.
    const byId = await bookingPage(db, pro.id, `/${pro.id}`);
    expect(byId.data.pro.slug).toBe(pro.bookingSlug);
  });

  it("'Popular' marks the service the most customers booked lately, not the first of the list", async () => {
    const db = createTestDb();
    const { pro } = await setup(db); // Corte
    const barba = await createService(db, pro.id, { name: "Barba" });
    const escova = await createService(db, pro.id, { name: "Escova" });
    const today = nowInZone("America/Sao_Paulo").date;
    const booked = async (serviceId: string, name: string, date: string, status: AppointmentStatus = "completed") => {
      const client = await createClient(db, pro.id, { name });
      await createAppointment(db, pro.id, { clientId: client.id, serviceId, date, status });
    };
    await booked(escova.id, "Ana", addDays(today, -10));
    await booked(escova.id, "Bia", addDays(today, -3));
    await booked(escova.id, "Caio", addDays(today, 2), "confirmed");
    await booked(escova.id, "Davi", addDays(today, -1), "cancelled"); // a cancelled one is no booking
    await booked(barba.id, "Eva", addDays(today, -5));
    await booked(barba.id, "Fábio", addDays(today, -200)); // long ago
    const page = await bookingPage(db, pro.bookingSlug);
    expect(page.data.services.map((s) => s.name)).toEqual(["Barba", "Corte", "Escova"]);
    expect(page.data.popularServiceId).toBe(escova.id);

    // Without bookings, no service is called popular.
    const fresh = await setup(db);
    await createService(db, fresh.pro.id, { name: "Barba" });
    expect((await bookingPage(db, fresh.pro.bookingSlug)).data.popularServiceId).toBeNull();
  });

  it("creates a pending request with a private link and e-mails the professional", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    const res = await book(db, pro.bookingSlug, valid(service.id, date));
    expect(res).toHaveRedirect(/^\/agendamento\/reserva\/[\w-]{20,}\?novo=1$/);
    const [row] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    expect(row).toMatchObject({ status: "pending", customerName: "Maria Clara", customerPhone: "11988887777", date, startMinute: 600, priceCents: 5000 });
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
    expect(mail[0]?.subject).toContain("Nova solicitação de agendamento: Maria Clara");

    const status = await statusPage(db, tokenOf(res), locationOf(res));
    expect(status.data).toMatchObject({ status: "pending", time: "10:00" });
  });

  it("50 simultaneous submissions for one time make exactly one request", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(3);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(db, pro.bookingSlug, { ...valid(service.id, date, "11:00"), phone: `119${String(70000000 + i)}` }, `198.51.100.${i}`),
      ),
    );
    expect(results.filter((r) => answerStatus(r) === 302)).toHaveLength(1);
    const refused = results.filter((r) => answerStatus(r) !== 302);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(replyOf(r).data).toMatchObject({ message: "Este horário acabou de ser ocupado. Escolha outro horário." });
    expect(await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id))).toHaveLength(1);
  });

  it("applies the submission rules in order with the spec's messages, storing nothing", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    const cases: [Record<string, string>, string, string][] = [
      [{ website_hp: "http://bot" , name: "A" }, "form", "Solicitação inválida"],
      [{ company: "ACME" }, "form", "Solicitação inválida"],
      [{ data: nowInZone("America/Sao_Paulo").date, horario: "00:00" }, "time", "Data e horário do agendamento inválidos."],
      [{ data: addDays(date, 200) }, "time", "Data e horário do agendamento inválidos."],
      [{ name: "Compre viagra" }, "name", "Conteúdo suspeito detectado."],
      [{ name: "A" }, "name", "Nome deve ter pelo menos 2 caracteres"],
      [{ name: "Ana 123" }, "name", NAME_FORMAT],
      [{ phone: "1199" }, "phone", "Telefone deve ter pelo menos 10 dígitos"],
      [{ phone: "(11) 8888-77777" }, "phone", "Formato de telefone inválido"],
      [{ notes: "abc de ".repeat(72) }, "notes", "Observações devem ter no máximo 500 caracteres"],
      [{ data: "amanha" }, "form", "Dados incompletos para agendamento."],
    ];
    let n = 0;
    for (const [override, field, message] of cases) {
      n += 1;
      const fields = { ...valid(service.id, date), phone: `1197777${String(1000 + n)}`, ...override };
      const res = await book(db, pro.bookingSlug, fields, `192.0.2.${n}`);
      expect(answerStatus(res), message).toBe(400);
      expect(replyOf(res).data).toMatchObject({ field, message });
    }
    expect(await db.select().from(bookingRequests)).toHaveLength(0);
  });

  it("refuses a fourth submission from one phone within 15 minutes", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    for (const [i, time] of ["09:00", "09:30", "10:00"].entries()) {
      expect(answerStatus(await book(db, pro.bookingSlug, valid(service.id, date, time), `192.0.2.${i}`))).toBe(302);
    }
    const fourth = await book(db, pro.bookingSlug, valid(service.id, date, "10:30"), "192.0.2.9");
    expect(answerStatus(fourth)).toBe(429);
    expect(replyOf(fourth).data).toMatchObject({ message: "Muitas solicitações. Tente novamente em alguns minutos." });
    expect(await db.select().from(bookingRequests)).toHaveLength(3);
  });

  it("refused submissions cost the phone nothing: three mistyped names, then the booking goes through", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    for (const name of ["1", "M", "<b>Maria</b>"]) {
      expect(answerStatus(await book(db, pro.bookingSlug, { ...valid(service.id, date), name }))).toBe(400);
    }
    expect(answerStatus(await book(db, pro.bookingSlug, valid(service.id, date)))).toBe(302);
  });

  it("ten simultaneous submissions from one phone for different times create three requests", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay();
    // Ten times the page offers (09:00-18:00, break 12:00-13:00).
    const times = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "13:00", "13:30", "14:00", "14:30"];
    const results = (await Promise.all(times.map((t, i) => book(db, pro.bookingSlug, valid(service.id, date, t), `192.0.2.${i}`)))).map(answerStatus);
    expect(results.filter((status) => status === 302)).toHaveLength(3);
    expect(results.filter((status) => status === 429)).toHaveLength(7);
    expect(await db.select().from(bookingRequests)).toHaveLength(3);
  });

  it("the address flood guard counts per page: 20 refused posts on one page leave other pages open", async () => {
    const db = createTestDb();
    const a = await setup(db);
    const b = await setup(db);
    const date = workingDay();
    for (let i = 0; i < 20; i++) {
      expect(answerStatus(await book(db, a.pro.bookingSlug, { ...valid(a.service.id, date), name: "1" }, "198.51.100.9"))).toBe(400);
    }
    const blocked = await book(db, a.pro.bookingSlug, valid(a.service.id, date), "198.51.100.9");
    expect(answerStatus(blocked)).toBe(429);
    expect(answerStatus(await book(db, b.pro.bookingSlug, valid(b.service.id, date), "198.51.100.9"))).toBe(302);
  });

  it("with 'Confirmar automaticamente' the booking goes straight to the agenda", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { autoConfirm: true });
    const date = workingDay();
    expect(answerStatus(await book(db, pro.bookingSlug, valid(service.id, date)))).toBe(302);
    const [request] = await db.select().from(bookingRequests);
    expect(request?.status).toBe("accepted");
    const [appt] = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(appt).toMatchObject({ status: "confirmed", date, startMinute: 600, priceCents: 5000, createdVia: "booking_page" });
    const [client] = await db.select().from(clients).where(eq(clients.id, appt!.clientId!));
    expect(client).toMatchObject({ name: "Maria Clara", phone: "11988887777" });
  });
});

describe("booking requests in the workspace", () => {
  async function pending(db: Db) {
    const { pro, service } = await setup(db);
    const date = workingDay();
    const res = await book(db, pro.bookingSlug, valid(service.id, date));
    const [request] = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    return { pro, service, date, request: request!, token: tokenOf(res) };
  }

  const answer = (db: Db, user: { id: string; email: string }, intent: string, id: string) =>
    callAction(requestsAction, { db, as: user, path: "/solicitacoes", form: { intent, id } });

  /** The status of the answer, returned or thrown. */
  const respond = (db: Db, user: { id: string; email: string }, intent: string, id: string) => statusOf(answer(db, user, intent, id));

  it("accept reuses the client by phone and makes a confirmed appointment; twice is harmless", async () => {
    const db = createTestDb();
    const { pro, request, token } = await pending(db);
    await createClient(db, pro.id, { name: "Maria C.", phone: "11988887777" });
    expect(await respond(db, pro, "accept", request.id)).toBe(302);
    expect(await respond(db, pro, "accept", request.id)).toBe(302);
    const appts = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(appts).toHaveLength(1);
    expect(await db.select().from(clients).where(eq(clients.userId, pro.id))).toHaveLength(1);
    const status = await statusPage(db, token);
    expect(status.data.status).toBe("accepted");
  });

  it("decline frees the time; another professional's request is a 404 and stays pending", async () => {
    const db = createTestDb();
    const { pro, request } = await pending(db);
    const intruder = await createProfessional(db);
    for (const intent of ["accept", "decline"]) {
      expect(await respond(db, intruder, intent, request.id)).toBe(404);
    }
    const [still] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, request.id));
    expect(still?.status).toBe("pending");
    expect(await respond(db, pro, "decline", request.id)).toBe(302);
    const [after] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, request.id));
    expect(after?.status).toBe("declined");
  });

  it("accepting re-checks the time: of four overlapping requests accepted at once, one is confirmed", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    // Inserted directly (the booking page would never let them overlap), 10:00-10:45 and neighbours.
    const rows = [];
    for (const [i, startMinute] of [600, 615, 630, 570].entries()) {
      rows.push(
        await createBookingRequest(db, pro.id, {
          serviceId: service.id,
          serviceName: service.name,
          customerName: `Cliente ${i}`,
          customerPhone: `1198888000${i}`,
          date,
          startMinute,
          durationMinutes: 45,
          priceCents: 5000,
        }),
      );
    }
    const answers = await Promise.all(rows.map((r) => respond(db, pro, "accept", r.id)));
    expect(answers).toEqual([302, 302, 302, 302]);
    const made = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(made).toHaveLength(1);
    const states = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    expect(states.filter((r) => r.status === "accepted")).toHaveLength(1);
    expect(states.filter((r) => r.status === "pending")).toHaveLength(3);
    // Only the accepted one's customer became a client.
    expect(await db.select().from(clients).where(eq(clients.userId, pro.id))).toHaveLength(1);
    // The professional is told why the others stay pending.
    const loser = rows.find((r) => r.id !== made[0]!.bookingRequestId)!;
    const again = await answer(db, pro, "accept", loser.id);
    await expect(again).toSendToast({ title: TIME_TAKEN.title });
  });

  it("once accepted, the customer's page follows the appointment: moved, then cancelled, then deleted", async () => {
    const db = createTestDb();
    const { pro, request, token } = await pending(db);
    const page = async () => (await statusPage(db, token)).data;
    expect(await respond(db, pro, "accept", request.id)).toBe(302);
    expect(await page()).toMatchObject({ status: "accepted", time: minutesToTime(request.startMinute), canChange: true });

    await db.update(appointments).set({ startMinute: 16 * 60 }).where(eq(appointments.bookingRequestId, request.id));
    expect(await page()).toMatchObject({ status: "accepted", time: "16:00" });

    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.bookingRequestId, request.id));
    expect(await page()).toMatchObject({ status: "cancelled", canChange: false });

    await db.delete(appointments).where(eq(appointments.bookingRequestId, request.id));
    expect(await page()).toMatchObject({ status: "cancelled", canChange: false });
  });

  it("the customer's link cannot cancel an appointment already completed", async () => {
    const db = createTestDb();
    const { pro, request, token } = await pending(db);
    const cancel = () =>
      callAction(statusAction, { db, path: `/agendamento/reserva/${token}`, params: { token }, form: { intent: "cancel" } });
    expect(await respond(db, pro, "accept", request.id)).toBe(302);
    await db.update(appointments).set({ status: "completed" }).where(eq(appointments.bookingRequestId, request.id));
    await cancel();
    const [req] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, request.id));
    const [appt] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, request.id));
    expect(req?.status).toBe("accepted");
    expect(appt?.status).toBe("completed");
  });

  it("the .ics follows the booking: tentative, confirmed, then a cancellation, each copy stamped now", async () => {
    const db = createTestDb();
    const { pro, request, token } = await pending(db);
    const ics = async () => {
      const res = await callLoader(icsLoader, { db, params: { token } });
      const text = (await res.text()).replace(/\r\n /g, "");
      const prop = (name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(text)?.[1]?.trim();
      return { method: prop("METHOD"), status: prop("STATUS"), sequence: Number(prop("SEQUENCE")), stamp: prop("DTSTAMP")! };
    };
    // The clock is the test's: each change comes a second after the last without waiting one.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const later = () => vi.setSystemTime(Date.now() + 1100);
    const now = new Date().toISOString().replace(/[-:]/g, "").slice(0, 11); // yyyymmddThh
    const first = await ics();
    expect(first).toMatchObject({ method: "PUBLISH", status: "TENTATIVE" });
    expect(first.stamp.startsWith(now)).toBe(true);

    later();
    await respond(db, pro, "accept", request.id);
    const accepted = await ics();
    expect(accepted).toMatchObject({ method: "PUBLISH", status: "CONFIRMED" });
    expect(accepted.sequence).toBeGreaterThan(first.sequence);

    later();
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.bookingRequestId, request.id));
    const cancelled = await ics();
    expect(cancelled).toMatchObject({ method: "CANCEL", status: "CANCELLED" });
    expect(cancelled.sequence).toBeGreaterThan(accepted.sequence);
  });

  it("the customer cancels through the private link", async () => {
    const db = createTestDb();
    const { request, token } = await pending(db);
    const res = await callAction(statusAction, {
      db,
      path: `/agendamento/reserva/${token}`,
      params: { token },
      form: { intent: "cancel" },
    });
    expect(responseOf(res).status).toBe(302);
    const [after] = await db.select().from(bookingRequests).where(and(eq(bookingRequests.id, request.id)));
    expect(after?.status).toBe("cancelled");
    await expect(statusPage(db, "x".repeat(43))).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("a suspended professional's page", () => {
  async function pageOf(db: Db, slug: string) {
    return (await bookingPage(db, slug)).data;
  }

  it("takes no requests from the moment a linked professional's owner loses the plan", async () => {
    const db = createTestDb();
    const owner = await createProfessional(db);
    const { pro } = await setup(db);
    await db.update(subscriptions)
      .set({ status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscriptions.userId, owner.id));
    // The linked professional's own 7-day trial is still running, but does not count while
    // linked (docs/decisions/0422): the owner's plan decides.
    await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: pro.email, linkedUserId: pro.id, status: "active" });

    const before = await pageOf(db, pro.bookingSlug);
    expect(before.pro.accepting).toBe(true);
    expect(before.services).toHaveLength(1);

    await db.update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.userId, owner.id));
    const after = await pageOf(db, pro.bookingSlug);
    expect(after.pro.accepting).toBe(false);
    expect(after.services).toHaveLength(0);
  });
});
