// Issue 32, finding 25: moving an appointment from the agenda's form asks 'Motivo (opcional)' as a
// cancel does, and the reason travels with the customer's notice (e-mail, the one-tap WhatsApp
// text, the approved template's sentence); too long, it is refused beside the field and nothing
// moves. After 'Atualizar' (or 'Agendar') the professional lands on the view they use: the
// calendar's day of the appointment, not the list.
import { and, eq, like } from "drizzle-orm";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { appointments, emailOutbox } from "../../db/schema";
import Agenda, { action as agendaAction, loader as agendaLoader } from "../../app/routes/agenda";
import { answerBookingRequest } from "../../app/domain/booking-requests/answer.server";
import { changeTemplateParams } from "../../app/domain/notifications/change-notices";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, toastOf, userContextFor } from "../support/db";
import { createBookablePro, createBookingRequest, createClient, workingDay } from "../support/factories";
import { renderRoute, visibleText } from "../support/render";
import { callAction, callLoader, responseOf } from "../support/routes";

/** A booking Joana made on the page (e-mail and phone), accepted: its appointment and the agenda's context. */
async function booked(db: Db) {
  const { pro, service } = await createBookablePro(db, { name: "Bela Nunes", profile: { businessName: "Salão Flor" } });
  const date = workingDay(3);
  const request = await createBookingRequest(db, pro.id, {
    serviceId: service.id,
    serviceName: "Corte",
    customerName: "Joana Lima",
    customerEmail: "joana@example.com",
    customerPhone: "11987654321",
    date,
    startMinute: 10 * 60,
    durationMinutes: 30,
  });
  expect((await answerBookingRequest(db, pro.id, request.id, "accept")).outcome).toBe("accepted");
  const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingRequestId, request.id));
  return { pro, service, date, appointment: appointment!, context: await userContextFor(db, pro) };
}

type Booked = Awaited<ReturnType<typeof booked>>;

/** The view last chosen on this device, as the agenda's cookie carries it. */
const viewCookie = (view: string) => createCookie("agenda_vista").serialize(view);

const update = async (b: Booked, time: string, extra: Record<string, string> = {}, view?: string) =>
  callAction(agendaAction, {
    context: b.context,
    path: `/agenda?editar=${b.appointment.id}`,
    form: { intent: "update", id: b.appointment.id, clientId: b.appointment.clientId!, serviceId: b.service.id, date: b.date, time, notes: "", ...extra },
    ...(view ? { cookie: await viewCookie(view) } : {}),
  });

describe("moving an appointment from the agenda's form", () => {
  it("asks 'Motivo (opcional)' beside 'Avisar cliente', and the reason reaches the customer in every form of the notice", async () => {
    const db = createTestDb();
    const b = await booked(db);
    const form = await callLoader(agendaLoader, { context: b.context, path: `/agenda?editar=${b.appointment.id}` });
    const text = visibleText(renderRoute(Agenda, `/agenda?editar=${b.appointment.id}`, form));
    expect(text).toContain("Avisar cliente se a data ou a hora mudar");
    expect(text).toContain("Motivo (opcional)");
    expect(text).toContain("Vai no aviso ao cliente.");

    const res = responseOf(await update(b, "15:00", { avisar: "1", motivo: "  Precisei   sair mais cedo\n" }));
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, "joana@example.com"), like(emailOutbox.kind, "change-%")));
    expect(mail!.kind).toBe("change-move");
    expect(mail!.text).toMatch(/Novo horário: .* às 15:00\nAntes: .* às 10:00\nMotivo: Precisei sair mais cedo\n/);
    const whatsapp = (await toastOf(res))?.actions?.find((a) => a.kind === "link" && a.label === "Avisar no WhatsApp");
    expect(whatsapp?.kind === "link" && new URL(whatsapp.href).searchParams.get("text")).toMatch(/Seu horário de Corte mudou para .* às 15:00\. Motivo: Precisei sair mais cedo\./);
  });

  it("puts the reason in the approved template's sentence", () => {
    const params = changeTemplateParams({
      kind: "move",
      professional: "Ana Lima (Salão Flor)",
      serviceName: "Corte",
      times: [{ date: "2026-12-03", startMinute: 660 }],
      before: { date: "2026-12-03", startMinute: 600 },
      reason: "Imprevisto",
      timeZone: "America/Sao_Paulo",
      now: new Date("2026-12-01T12:00:00Z"),
      statusUrl: null,
      bookingUrl: "https://agendo.app/agendamento/salao-flor",
    });
    expect(params[2]).toBe("passou para quinta-feira 03/12 às 11:00 (antes: quinta-feira 03/12 às 10:00). Motivo: Imprevisto");
  });

  it("refuses a reason over 200 characters beside its field, and moves nothing", async () => {
    const db = createTestDb();
    const b = await booked(db);
    const res = await update(b, "15:00", { avisar: "1", motivo: "a".repeat(201) });
    expect(res).toHaveFieldError("motivo", "O motivo pode ter até 200 caracteres.");
    const [row] = await db.select().from(appointments).where(eq(appointments.id, b.appointment.id));
    expect(row!.startMinute).toBe(10 * 60);
  });

  it("lands on the calendar's day of the appointment after 'Atualizar' and 'Agendar' when the calendar is the view in use; the list's day when the list is", async () => {
    const db = createTestDb();
    const b = await booked(db);
    expect(await update(b, "15:00", {}, "dia")).toHaveRedirect(`/agenda?vista=dia&data=${b.date}`);
    expect(await update(b, "16:00", {}, "semana")).toHaveRedirect(`/agenda?vista=semana&data=${b.date}`);
    expect(await update(b, "17:00", {}, "lista")).toHaveRedirect(`/agenda?periodo=customizado&de=${b.date}&ate=${b.date}`);
    // Nothing remembered: the calendar's day, the agenda's first view.
    expect(await update(b, "15:30")).toHaveRedirect(`/agenda?vista=dia&data=${b.date}`);

    const client = await createClient(db, b.pro.id, { name: "Lia Souza" });
    const created = await callAction(agendaAction, {
      context: b.context,
      path: "/agenda?novo=1",
      form: { intent: "create", clientId: client.id, serviceId: b.service.id, date: b.date, time: "09:00", notes: "" },
      cookie: await viewCookie("semana"),
    });
    expect(created).toHaveRedirect(`/agenda?vista=semana&data=${b.date}`);
  });
});
