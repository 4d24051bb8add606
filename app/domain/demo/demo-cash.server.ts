// The demo's money (issue 22): its past completed services closed as a professional would have
// closed them, through the closing form's own writer (firstClosingStatements), so the dashboard,
// Relatórios and the Caixa of the demo show money received and not 'sem fechamento'. Mostly Pix,
// some cash and cards, a few tips, a product now and then, an occasional discount, one split
// payment and two recent 'Pagamento pendente'. Deterministic: a seeded pseudo-random sequence.
import type { appointments } from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { localMidnightMs } from "../dates";
import { firstClosingStatements } from "../cash/closings.server";
import { closingTotals, type ClosingForm, type PaymentMethod } from "../cash/totals";
import { APPOINTMENT_STATUS } from "../status-rules";

type DemoAppointment = Required<Pick<typeof appointments.$inferInsert, "id" | "date" | "startMinute" | "durationMinutes">> & typeof appointments.$inferInsert;

/** What a barber or manicure sells beside the chair, by the service's name. */
const PRODUCTS = {
  nails: { name: "Óleo de cutícula", unitPriceCents: 1800 },
  hair: { name: "Pomada modeladora", unitPriceCents: 3500 },
  beard: { name: "Óleo para barba", unitPriceCents: 2800 },
};

/** mulberry32: a small seeded generator, the same numbers on every fresh database. */
function randomFrom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function methodOf(r: number): PaymentMethod {
  return r < 0.6 ? "pix" : r < 0.78 ? "cash" : r < 0.89 ? "debit" : "credit";
}

function productFor(serviceName: string) {
  return /manicure/i.test(serviceName) ? PRODUCTS.nails : /barba/i.test(serviceName) ? PRODUCTS.beard : PRODUCTS.hair;
}

/**
 * The form a professional would have sent for one past service. Each draws the same five numbers,
 * so one choice never shifts the others. `split`: R$ 20,00 in cash, the rest by Pix.
 */
function demoForm(appointment: DemoAppointment, random: () => number, kind: { split: boolean; pending: boolean }): ClosingForm {
  const [rProduct, rDiscount, rTip, rMethod, rAmount] = [random(), random(), random(), random(), random()];
  const items: ClosingForm["items"] = [
    { kind: "service", serviceId: appointment.serviceId ?? null, name: appointment.serviceName ?? "", unitPriceCents: appointment.priceCents ?? 0, quantity: 1 },
  ];
  if (rProduct < 0.14 || kind.split) items.push({ kind: "product", serviceId: null, ...productFor(appointment.serviceName ?? ""), quantity: 1 });
  const discount: ClosingForm["discount"] = rDiscount < 0.04 ? { kind: "percent", basisPoints: 1000 } : rDiscount < 0.08 ? { kind: "amount", cents: 500 } : { kind: "amount", cents: 0 };
  const tipCents = rTip < 0.16 ? [500, 1000, 500, 1500][Math.floor(rAmount * 4)]! : 0;
  const { dueCents } = closingTotals({ lines: items, discount, tipCents, depositCents: 0 });
  const payments: ClosingForm["payments"] = kind.pending
    ? []
    : kind.split
      ? [{ method: "pix", amountCents: dueCents - 2000 }, { method: "cash", amountCents: 2000 }]
      : [{ method: methodOf(rMethod), amountCents: dueCents }];
  return { items, discount, tipCents, payments, pending: kind.pending };
}

/**
 * The statements that close the demo's completed appointments (in date order), each at the end
 * of its service, closed by the professional: to run in the seed's batch after the appointments.
 */
export function demoClosingStatements(db: Db, userId: string, history: DemoAppointment[], timeZone: string) {
  const done = history.filter((a) => a.status === APPOINTMENT_STATUS.completed);
  const random = randomFrom(22);
  const last = done.length - 1;
  return done.flatMap((appointment, i) => {
    const end = localMidnightMs(appointment.date, timeZone) + (appointment.startMinute + appointment.durationMinutes) * 60_000;
    // One split a few services back; the latest and one a week or so back are still to be paid.
    const form = demoForm(appointment, random, { split: i === last - 4, pending: i === last || i === last - 9 });
    return firstClosingStatements(db, { userId, actorId: userId, appointment: { id: appointment.id }, form, depositCents: 0, clock: { now: new Date(end), timeZone } });
  });
}
