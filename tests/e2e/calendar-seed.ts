// A week of a barber's agenda that looks like real work, for the calendar's e2e tests and
// screenshots: services in their colours, appointments of several lengths (one with
// 'Intervalo após', one cancelled, a walk-in after hours), pending requests (one expired), a
// blocked afternoon and a closed day.
import { appointments, bookingRequests, clients, scheduleExceptions, services, workingHours } from "../../db/schema";
import { addDays, dayOfWeek } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";

export function mondayOf(date: string) {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

export async function seedCalendarWeek(db: Db, userId: string, monday: string) {
  await db.insert(workingHours).values(
    [1, 2, 3, 4, 5, 6].map((d) => ({
      userId,
      dayOfWeek: d,
      isActive: true,
      startTime: "09:00",
      endTime: d === 6 ? "14:00" : "18:00",
      breakStartTime: d === 6 ? null : "12:00",
      breakEndTime: d === 6 ? null : "13:00",
    })),
  );
  const [corte, barba, coloracao, sobrancelha] = await db
    .insert(services)
    .values([
      { userId, name: "Corte Masculino", durationMinutes: 45, priceCents: 5000, color: "#2563EB", bufferMinutes: 15 },
      { userId, name: "Barba", durationMinutes: 30, priceCents: 3000, color: "#EA580C" },
      { userId, name: "Coloração", durationMinutes: 90, priceCents: 12000, color: "#9333EA" },
      { userId, name: "Sobrancelha", durationMinutes: 20, priceCents: 2500, color: "#0D9488" },
    ])
    .returning();
  const names = ["Carlos Oliveira", "Mariana Santos", "João Pereira", "Ana Costa", "Rafael Lima", "Beatriz Souza", "Pedro Alves"];
  const people = await db
    .insert(clients)
    .values(names.map((name, i) => ({ userId, name, phone: `1198${String(1000000 + i * 7919).slice(0, 7)}` })))
    .returning();
  const day = (n: number) => addDays(monday, n);
  const at = (h: number, m = 0) => h * 60 + m;
  const book = (n: number, start: number, s: typeof corte, c: number, extra: Partial<typeof appointments.$inferInsert> = {}) => ({
    userId,
    date: day(n),
    startMinute: start,
    durationMinutes: s!.durationMinutes,
    bufferMinutes: s!.bufferMinutes,
    serviceId: s!.id,
    serviceName: s!.name,
    priceCents: s!.priceCents,
    clientId: people[c]!.id,
    ...extra,
  });
  await db.insert(appointments).values([
    book(0, at(9), corte, 0, { status: "confirmed" }),
    book(0, at(10), barba, 1),
    book(0, at(14), coloracao, 2),
    book(0, at(16, 30), sobrancelha, 3, { status: "cancelled" }),
    book(1, at(9, 30), coloracao, 4, { status: "confirmed" }),
    book(1, at(11), corte, 5),
    book(1, at(15), barba, 6),
    book(2, at(10), corte, 1, { status: "confirmed" }),
    book(2, at(10, 15), barba, 0),
    book(2, at(13, 30), sobrancelha, 2),
    book(2, at(19, 30), corte, 3, { notes: "Encaixe depois do expediente" }),
    book(3, at(9), barba, 4),
    book(4, at(9), corte, 5, { status: "confirmed" }),
    book(4, at(10), coloracao, 6),
    book(4, at(14), corte, 0, { rescheduledByCustomerAt: new Date() }),
    book(4, at(15), barba, 1),
    book(5, at(10), corte, 2),
  ]);
  const later = new Date(Date.now() + 20 * 3600_000);
  const [pending] = await db
    .insert(bookingRequests)
    .values([
      {
        professionalId: userId,
        serviceId: corte!.id,
        serviceName: corte!.name,
        customerName: "Lucas Martins",
        customerPhone: "11991234567",
        date: day(1),
        startMinute: at(16),
        durationMinutes: 45,
        bufferMinutes: 15,
        priceCents: 5000,
        expiresAt: later,
        notes: "Primeira vez, indicação do Carlos.",
      },
      {
        professionalId: userId,
        serviceId: barba!.id,
        serviceName: barba!.name,
        customerName: "Fernanda Rocha",
        customerPhone: "11997654321",
        date: day(3),
        startMinute: at(10, 30),
        durationMinutes: 30,
        priceCents: 3000,
        expiresAt: later,
      },
      {
        professionalId: userId,
        serviceId: barba!.id,
        serviceName: barba!.name,
        customerName: "Pedido Expirado",
        customerPhone: "11990000001",
        date: day(2),
        startMinute: at(16),
        durationMinutes: 30,
        priceCents: 3000,
        expiresAt: new Date(Date.now() - 60_000),
      },
    ])
    .returning();
  await db.insert(scheduleExceptions).values([
    { userId, kind: "blocked", startDate: day(3), endDate: day(3), startMinute: at(14), endMinute: at(17), reason: "Consulta médica" },
    { userId, kind: "closed", startDate: day(5), endDate: day(5), reason: "Curso de aperfeiçoamento", startMinute: null, endMinute: null },
  ]);
  return { pending: pending! };
}
