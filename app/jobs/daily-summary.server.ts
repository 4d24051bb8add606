// 'Resumo diário': at the hour the professional chose (their zone), an e-mail with tomorrow's
// agenda and the requests waiting for an answer; once per professional per day (dedupe key).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { appointments, bookingRequests, clients, emailOutbox, profiles } from "../../db/schema";
import type { Db } from "../utils/db.server";
import { appUrl } from "../utils/env.server";
import { queueEmail, type EmailTransport } from "../utils/email.server";
import { stillHeld } from "../domain/availability/slot-claims.server";
import { addDays, formatDate, minutesToTime, nowInZone } from "../domain/dates";
import { firstName } from "../domain/names";
import { activeAppointment } from "../domain/status-rules.server";
import { plural } from "../domain/words";

/** Due once the professional's local clock reaches the hour, and not yet queued for that date. */
export function summaryDue(localMinute: number, hour: number): boolean {
  return localMinute >= hour * 60;
}

type Row = { time: string; client: string; service: string };

export function summaryEmail(input: { to: string; name: string; date: string; rows: Row[]; pending: number }) {
  const day = formatDate(input.date, true);
  const lines = input.rows.length
    ? input.rows.map((r) => `${r.time} — ${r.client} · ${r.service}`)
    : ["Nenhum agendamento para amanhã."];
  const count = plural(input.rows.length, "agendamento", "agendamentos");
  return {
    to: input.to,
    subject: `Sua agenda de amanhã (${day}): ${count}`,
    text: [
      `Olá, ${input.name}!`,
      "",
      `Amanhã, ${day}:`,
      ...lines,
      ...(input.pending ? ["", `${input.pending} solicitação(ões) aguardando sua resposta: ${appUrl()}/solicitacoes`] : []),
      "",
      `Ver a agenda: ${appUrl()}/agenda?vista=dia&data=${input.date}`,
      "",
      "Você recebe este resumo porque o ativou em Configurações > Notificações.",
    ].join("\n"),
  };
}

/** Queues the summaries due at `now`; returns how many. */
export async function queueDailySummaries(db: Db, now: Date, transport: EmailTransport): Promise<number> {
  const candidates = await db
    .select({
      userId: profiles.userId,
      email: profiles.email,
      fullName: profiles.fullName,
      timeZone: profiles.timeZone,
      hour: profiles.dailySummaryHour,
    })
    .from(profiles)
    .where(eq(profiles.dailySummary, true));
  const due = candidates.flatMap((p) => {
    const local = nowInZone(p.timeZone, now);
    return summaryDue(local.minute, p.hour) ? [{ ...p, key: `summary:${p.userId}:${local.date}`, tomorrow: addDays(local.date, 1) }] : [];
  });
  if (due.length === 0) return 0;
  const queuedKeys = new Set(
    (
      await db
        .select({ key: emailOutbox.dedupeKey })
        .from(emailOutbox)
        .where(inArray(emailOutbox.dedupeKey, due.map((d) => d.key)))
    ).map((r) => r.key),
  );
  const todo = due.filter((d) => !queuedKeys.has(d.key));
  if (todo.length === 0) return 0;
  // Each one's tomorrow and pending requests, in one batch.
  const reads = todo.flatMap((p) => [
    db
      .select({ startMinute: appointments.startMinute, client: sql<string>`coalesce(${clients.name}, 'Cliente')`, service: appointments.serviceName })
      .from(appointments)
      .leftJoin(clients, eq(clients.id, appointments.clientId))
      .where(and(eq(appointments.userId, p.userId), eq(appointments.date, p.tomorrow), activeAppointment))
      .orderBy(asc(appointments.startMinute)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookingRequests)
      .where(and(eq(bookingRequests.professionalId, p.userId), stillHeld(now))),
  ]);
  const [firstRead, ...restReads] = reads;
  const results = await db.batch([firstRead!, ...restReads]);
  const writes = todo.map((p, i) => {
    const rows = (results[2 * i] as { startMinute: number; client: string; service: string }[]).map((r) => ({
      time: minutesToTime(r.startMinute),
      client: r.client,
      service: r.service,
    }));
    const pending = (results[2 * i + 1] as { n: number }[])[0]?.n ?? 0;
    const mail = summaryEmail({ to: p.email, name: firstName(p.fullName), date: p.tomorrow, rows, pending });
    return queueEmail(db, mail, { transport, kind: "daily-summary", professionalId: p.userId, dedupeKey: p.key, claimed: false, now }).statements[1];
  });
  const [first, ...rest] = writes;
  const written = await db.batch([first!, ...rest]);
  return written.reduce<number>((n, r) => n + ((r as { rowsAffected?: number }).rowsAffected ?? 0), 0);
}
