// 'Hora de voltar' (issue 24) against a real database: the interval rule (three visits, no-shows
// and cancellations are no visit, a future appointment takes the client off, the 30% margin),
// the one-tap list in Lembretes (rendered as the server renders it) with 'Não chamar',
// Relatórios' conversions, and the Cloud API's automatic send at the chosen hour.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients, comebackMessages, profiles, reminderOptOuts, whatsappOutbox, type AppointmentStatus } from "../../db/schema";
import Reminders, { action as remindersAction, loader as remindersLoader } from "../../app/routes/reminders";
import { loader as clientsLoader } from "../../app/routes/clients";
import { loader as dashboardLoader } from "../../app/routes/dashboard";
import { loader as reportsLoader } from "../../app/routes/reports";
import { runJob } from "../../app/jobs/job.server";
import { addDays, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import type { EmailTransport } from "../../app/utils/email.server";
import { createTestDb } from "../support/db";
import { createAppointments, createClient, createProfessional } from "../support/factories";
import { callAction, callLoader, locationOf, replyOf } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";
import { WHATSAPP_TEST_PHONE_ID, WHATSAPP_TEST_TOKEN } from "../support/whatsapp-stand-in";

const today = () => nowInZone("America/Sao_Paulo").date;
const ago = (days: number) => addDays(today(), -days);

/** A client with appointments `days` ago (negative: ahead), completed unless told. */
async function clientWith(db: Db, proId: string, name: string, visits: (number | [number, AppointmentStatus])[]) {
  const client = await createClient(db, proId, { name });
  await createAppointments(
    db,
    proId,
    visits.map((v) => {
      const [days, status] = typeof v === "number" ? [v, "completed" as const] : v;
      return { clientId: client.id, date: ago(days), status, serviceName: "Corte", durationMinutes: 30 };
    }),
  );
  return client;
}

async function regulars(db: Db) {
  const pro = await createProfessional(db, { name: "Studio Volta" });
  const carla = await clientWith(db, pro.id, "Carla Dias", [82, 61, 40]); // every 21 days, last 40 days ago: due (21 + 7 < 40)
  await clientWith(db, pro.id, "Duas Visitas", [120, 99]); // fewer than three visits
  await clientWith(db, pro.id, "Faltou Muito", [90, 60, [30, "no_show"], [20, "cancelled"]]); // two visits: a no-show and a cancel are none
  await clientWith(db, pro.id, "Já Marcou", [82, 61, 40, [-3, "scheduled"]]); // due, but something is booked ahead
  await clientWith(db, pro.id, "Intervalo Longo", [190, 130, 70]); // 60 days: 60 + 7 < 70, but 60 + 18 (30%) > 70
  return { pro, carla };
}

describe("the 'Hora de voltar' rule", () => {
  it("takes regulars with three visits past their median interval plus the margin, with nothing booked ahead", async () => {
    const db = createTestDb();
    const { pro } = await regulars(db);
    const list = await callLoader(clientsLoader, { db, as: pro, path: "/clientes?filtro=hora-de-voltar" });
    expect(replyOf(list).data).toMatchObject({ comeback: true, clients: [{ name: "Carla Dias" }] });
    const dashboard = await callLoader(dashboardLoader, { db, as: pro, path: "/dashboard" });
    expect(dashboard.comeback).toBe(1);
  });
});

const noMail: EmailTransport = { name: "test", send: async () => {} };
/** The Cloud API accepting every message (what is queued is what this test checks). */
const accepted: typeof fetch = async () => Response.json({ messages: [{ id: "wamid.teste" }] });

describe("'Hora de voltar' in Lembretes and Relatórios", () => {
  it("one tap opens WhatsApp with a warm message and takes the client off; 'Não chamar' asks, then takes them off for good; a booking within 14 days counts", async () => {
    const db = createTestDb();
    const { pro, carla } = await regulars(db);
    const maria = await clientWith(db, pro.id, "Maria Souza", [75, 54, 33]);
    const page = await callLoader(remindersLoader, { db, as: pro, path: "/lembretes" });
    const text = visibleText(renderRoute(Reminders, "/lembretes", page));
    expect(text).toContain("Hora de voltar");
    expect(text).toContain("Carla Dias Corte · costuma voltar a cada 21 dias · última visita há 40 dias");
    expect(page.groups.comeback.map((r) => r.name)).toEqual(["Carla Dias", "Maria Souza"]);

    const tap = await callAction(remindersAction, { db, as: pro, path: "/lembretes", form: { intent: "comeback-sent", id: carla.id } });
    const link = new URL(locationOf(tap));
    expect(link.origin + link.pathname).toBe(`https://wa.me/55${carla.phone}`);
    expect(link.searchParams.get("text")).toMatch(/^Oi, Carla! Já faz 5 semanas do seu último atendimento de corte com Studio Volta\. Que tal marcar o próximo\?\nÉ só escolher o melhor horário por aqui: http\S+\/agendamento\//);

    const asking = await callLoader(remindersLoader, { db, as: pro, path: `/lembretes?nao-chamar=${maria.id}` });
    expect(asking.groups.confirmNever).toEqual({ id: maria.id, name: "Maria Souza" });
    expect(visibleText(renderRoute(Reminders, `/lembretes?nao-chamar=${maria.id}`, asking))).toContain("Tirar Maria Souza da lista 'Hora de voltar' de vez?");
    await callAction(remindersAction, { db, as: pro, path: `/lembretes?nao-chamar=${maria.id}`, form: { intent: "comeback-never", id: maria.id } });
    expect((await callLoader(remindersLoader, { db, as: pro, path: "/lembretes" })).groups.comeback).toEqual([]);
    const other = await createProfessional(db);
    await expect(callAction(remindersAction, { db, as: other, path: "/lembretes", form: { intent: "comeback-never", id: carla.id } })).rejects.toMatchObject({ init: { status: 404 } });

    // Carla books a week later: Relatórios credits the message.
    await createAppointments(db, pro.id, [{ clientId: carla.id, date: addDays(today(), 5), createdAt: new Date(Date.now() + 7 * 86_400_000) }]);
    const reports = await callLoader(reportsLoader, { db, as: pro, path: "/relatorios?periodo=30d" });
    expect(reports.report?.comeback).toEqual({ sent: 1, booked: 1 });
  });

  it("with the Cloud API, goes out by itself at the chosen hour, once per interval, never to who asked for no reminders", async () => {
    const db = createTestDb();
    const { pro, carla } = await regulars(db);
    const quiet = await clientWith(db, pro.id, "Sem Lembretes", [75, 54, 33]);
    await db.insert(reminderOptOuts).values({ professionalId: pro.id, contact: quiet.phone });
    const hour = Math.floor(nowInZone("America/Sao_Paulo").minute / 60);
    const whatsapp = { apiUrl: "http://127.0.0.1:9", token: WHATSAPP_TEST_TOKEN, phoneNumberId: WHATSAPP_TEST_PHONE_ID, template: "lembrete_agendamento", language: "pt_BR" };
    await db.update(profiles).set({ comebackAutoHour: (hour + 1) % 24 }).where(eq(profiles.userId, pro.id));
    expect((await runJob({ db, transport: noMail, whatsapp, fetcher: accepted, now: () => new Date() })).comebackQueued).toBe(0);
    await db.update(profiles).set({ comebackAutoHour: hour }).where(eq(profiles.userId, pro.id));
    const runs = await Promise.all([0, 1].map(() => runJob({ db, transport: noMail, whatsapp, fetcher: accepted, now: () => new Date() })));
    expect(runs.map((r) => r.comebackQueued).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    const queued = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.kind, "comeback"));
    expect(queued.map((q) => [q.to, q.template, JSON.parse(q.params).slice(0, 4)])).toEqual([[`55${carla.phone}`, "hora_de_voltar", ["Carla", "5 semanas", "atendimento de corte", "Studio Volta"]]]);
    expect(await db.select().from(comebackMessages).where(eq(comebackMessages.clientId, carla.id))).toHaveLength(1);
    expect((await db.select().from(clients).where(eq(clients.id, carla.id)))[0]!.comebackSentAt).not.toBeNull();
  });
});
