// The customer moves their own time from the private status link ('Remarcar'): the page's reads
// in one batch (the booking by its token and, for a date, that day's hours, blocks and busy time
// without the customer's own time), and the claim of the new time: one atomic batch that moves the
// pending request, or the appointment it became, only if the new time is free when it runs
// (docs/decisions/0660-0662). The old time is freed by the same statement that holds the new one.
// A booking moves at most MAX_CUSTOMER_MOVES times, and the professional hears of its moves in
// one e-mail, sent by the job a few minutes after the first with the latest time (0702).
import { and, eq, gte, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { appointments, bookingRequests, emailOutbox } from "../../../db/schema";
import { busyQueries, noBlockCovers, nothingOverlaps, stillHeld } from "../availability/slot-claims.server";
import { dayHoursQuery, exceptionsQuery } from "../availability/schedule-queries.server";
import type { BusyInterval, DayException, DayHours } from "../availability/slots";
import { isIsoDate, localToUtc, minutesToTime } from "../dates";
import type { Db } from "../../utils/db.server";
import { queueEmail } from "../../utils/email.server";
import { hitStatements, withinLimits, type Hits } from "../../utils/rate-limit.server";
import { customerView, requestIdOfToken, requestByTokenQuery, type RequestByTokenRow } from "./customer-view.server";
import { requestExpiry } from "./creation.server";
import { holdEndsAt } from "../deposits/deposits";
import { MOVED_FROM, rescheduledEmail } from "./professional-emails.server";
import { changeDeadline, changesOpen, MAX_CUSTOMER_MOVES, MOVE_NOTICE_DELAY_MS } from "./customer-changes";
import { choosableDate, customerDateRange, customerTimes } from "../booking-page/customer-times";
import { activeAppointment } from "../status-rules.server";
import { bookingNotice, queuePush } from "../notifications/push.server";
import { isActiveStatus } from "../status-rules";

/**
 * The time the customer's booking holds now, which they may move or cancel: the pending request
 * while it is still held, or the appointment it became while scheduled or confirmed. Null once
 * it was declined, cancelled, expired, completed or marked as a no-show.
 */
export type HeldTime = {
  kind: "request" | "appointment";
  requestId: string;
  appointmentId: string | null;
  professionalId: string;
  date: string;
  startMinute: number;
  durationMinutes: number;
  bufferMinutes: number;
};

export function heldTime(row: RequestByTokenRow, now: Date): HeldTime | null {
  const r = row.request;
  const base = { requestId: r.id, professionalId: r.professionalId };
  if (r.status === "pending") {
    const ends = holdEndsAt(r);
    if (ends && ends.getTime() <= now.getTime()) return null;
    return { ...base, kind: "request", appointmentId: null, date: r.date, startMinute: r.startMinute, durationMinutes: r.durationMinutes, bufferMinutes: r.bufferMinutes };
  }
  const a = row.appointment;
  if (r.status === "accepted" && a && isActiveStatus(a.status)) {
    return { ...base, kind: "appointment", appointmentId: a.id, date: a.date, startMinute: a.startMinute, durationMinutes: a.durationMinutes, bufferMinutes: a.bufferMinutes };
  }
  return null;
}

/** What the status page knows of a booking, read in one batch. */
export type CustomerBooking = ReturnType<typeof customerView> & {
  row: RequestByTokenRow;
  /** The time the customer may move or cancel, or null. */
  held: HeldTime | null;
  /** Whether changes are still open (held, and before the cut-off). */
  open: boolean;
  /** When changes close (null when nothing is held). */
  deadline: Date | null;
  /** The date's offer for 'Remarcar', when a date was asked for and changes are open. */
  offer: { date: string; today: string; maxDate: string; closed: { reason: string | null } | null; times: string[] } | null;
  range: { today: string; maxDate: string };
  /** Moves the customer has left (MAX_CUSTOMER_MOVES in all). */
  movesLeft: number;
  /** The counters given as `hits` are all within their limits (true when none were given). */
  withinLimits: boolean;
};

/**
 * The booking behind a private link, in one round trip: its row and, when `date` is given, that
 * day's hours, blocks and busy time, the customer's own request and appointment left out (so the
 * times around their current one are offered). `hits`: rate-limit counters to count in the same
 * round trip (a POST's flood guard). Null for a token that is not one.
 */
export async function loadCustomerBooking(
  db: Db,
  token: string | undefined,
  opts: { date?: string | null; now?: Date; hits?: Hits } = {},
): Promise<CustomerBooking | null> {
  // The request and its professional as SQL, so the day's reads go in the same batch.
  const requestId = await requestIdOfToken(token);
  if (!requestId) return null;
  const now = opts.now ?? new Date();
  const date = isIsoDate(opts.date) ? opts.date : null;
  const pro = sql`(select ${bookingRequests.professionalId} from ${bookingRequests} where ${bookingRequests.id} = ${requestId})`;
  const ownAppointment = date
    ? sql`coalesce((select ${appointments.id} from ${appointments} where ${appointments.userId} = ${pro} and ${appointments.date} = ${date} and ${appointments.bookingRequestId} = ${requestId}), '')`
    : undefined;
  const hits = opts.hits ?? [];
  const [rows, ...rest] = await db.batch([
    requestByTokenQuery(db, requestId),
    ...hitStatements(db, hits, now.getTime()),
    ...(date
      ? ([
          dayHoursQuery(db, pro, date),
          exceptionsQuery(db, pro, date),
          ...busyQueries(db, { userId: pro, date, now, excludeBookingRequestId: requestId, excludeAppointmentId: ownAppointment }),
        ] as const)
      : []),
  ]);
  const counted = rest.slice(0, hits.length) as { count: number }[][];
  const day = rest.slice(hits.length);
  const row = rows[0];
  if (!row) return null;
  const view = customerView(row, now);
  const { profile } = row;
  const held = heldTime(row, now);
  const open = !!held && changesOpen(held, profile, now);
  const deadline = held ? changeDeadline(held.date, held.startMinute, profile.timeZone, profile.customerChangeCutoffMinutes) : null;
  const range = customerDateRange(profile, now);
  const chosen = choosableDate(date, range);
  let offer: CustomerBooking["offer"] = null;
  if (open && held && chosen && day.length === 4) {
    const [hours, exceptions, taken, requests] = day as unknown as [DayHours[], DayException[], BusyInterval[], BusyInterval[]];
    const offered = customerTimes({
        date: chosen,
        durationMinutes: held.durationMinutes,
        bufferMinutes: held.bufferMinutes,
        rules: profile,
        hours: hours[0] ?? null,
        exceptions,
        busy: [...taken, ...requests],
        now,
        maxDate: range.maxDate,
      });
    // Their own current time is not a new one to move to.
    const own = chosen === held.date ? minutesToTime(held.startMinute) : null;
    offer = { date: chosen, ...range, closed: offered.closed, times: offered.times.filter((t) => t !== own) };
  }
  const movesLeft = Math.max(0, MAX_CUSTOMER_MOVES - row.request.customerMoves);
  return { ...view, row, held, open, deadline, offer, range, movesLeft, withinLimits: withinLimits(hits, counted) };
}

export type RescheduleOutcome =
  /** Moved; `pushKey`: the professional's devices' notice, for deliverSoon (none for a double submit). */
  | { ok: true; pushKey?: string }
  /** The customer already moved it MAX_CUSTOMER_MOVES times. */
  | { ok: false; reason: "used-up" }
  /** Nothing to move any more (answered, cancelled, expired, done). */
  | { ok: false; reason: "unavailable" }
  /** Past the professional's cut-off. */
  | { ok: false; reason: "cutoff" }
  /** A date the customer may not choose, or a time not offered on it (taken, outside hours, too soon). */
  | { ok: false; reason: "not-offered" }
  /** The same time it already has. */
  | { ok: false; reason: "same" }
  /** Offered when read, taken by someone else before the claim ran. */
  | { ok: false; reason: "taken" }
  /** Moved meanwhile (by the professional, or from another tab): the customer looks again. */
  | { ok: false; reason: "changed" };

/**
 * Moves the customer's booking to `date` at `startMinute` (checked against the times offered
 * when `booking` was read with that date), in one atomic batch:
 * - a pending request: its time, its expiry (its own rule for the new start), the
 *   'Remarcado pelo cliente' mark and its count of moves, only if it is still pending, unexpired
 *   and where it was read, has moves left, and nothing (another appointment or request, buffers
 *   counted) and no block covers the new time;
 * - an accepted one: the appointment the same way (still scheduled or confirmed), then the
 *   request it came from follows (its time, mark and count), only if the appointment moved;
 * - the professional's notice, only if it moved (see moveNoticeStatements).
 * A double submit answers as done when the booking already sits at the new time.
 */
export async function rescheduleByCustomer(
  db: Db,
  booking: CustomerBooking,
  target: { date: string; startMinute: number },
  now = new Date(),
): Promise<RescheduleOutcome> {
  const refused = refusal(booking, target);
  if (refused) return { ok: false, reason: refused };
  const held = booking.held!;
  const { row } = booking;
  const at = now.getTime();
  const moved = sql`exists (select 1 from ${bookingRequests} where ${bookingRequests.id} = ${held.requestId} and ${bookingRequests.rescheduledByCustomerAt} = ${at})`;
  const statements = moveStatements(db, held, row, target, now);
  // The professional is told, unless they turned it off (Configurações > Notificações).
  const notice = row.profile.notifyCustomerChanges
    ? moveNoticeStatements(db, {
        requestId: held.requestId,
        professionalId: held.professionalId,
        moved,
        now,
        email: rescheduledEmail(row.email, {
          kind: held.kind,
          customerName: row.request.customerName,
          customerPhone: row.request.customerPhone,
          serviceName: row.request.serviceName,
          from: held,
          to: target,
        }),
      })
    : [];
  // Their devices hear of it at once, whatever the e-mail switch ('Remarcado pelo cliente').
  const push = queuePush(
    db,
    bookingNotice(held.professionalId, "customer-move", { ...row.request, ...target, id: held.requestId, appointmentId: held.appointmentId }, { from: held }, `:${at}`),
    { onlyIf: moved, now },
  );
  const results = await db.batch([
    ...(statements as [(typeof statements)[number], ...(typeof statements)[number][]]),
    ...notice,
    push.statement,
    db.select({ moved: sql<number>`${moved}` }).from(sql`(select 1)`),
  ]);
  const [outcome] = results.at(-1) as { moved: number }[];
  if (outcome?.moved) return { ok: true, pushKey: push.key };
  return whyNotMoved(db, booking, target, now);
}

type Refusal = Extract<RescheduleOutcome, { ok: false }>["reason"];

/** Why the move cannot be tried at all, from the booking as read; null when it can. */
function refusal(booking: CustomerBooking, target: { date: string; startMinute: number }): Refusal | null {
  const { held } = booking;
  if (!held) return "unavailable";
  if (!booking.open) return "cutoff";
  // A second submit of the move just made hears it is already their time, not the limit.
  if (held.date === target.date && held.startMinute === target.startMinute) return "same";
  if (booking.movesLeft <= 0) return "used-up";
  if (!booking.offer || booking.offer.date !== target.date || !booking.offer.times.includes(minutesToTime(target.startMinute))) {
    return "not-offered";
  }
  return null;
}

/**
 * The move's writes: the pending request, or the appointment and then the request it came from,
 * each only if still where it was read, with moves left and the new time free (see rescheduleByCustomer).
 */
function moveStatements(db: Db, held: HeldTime, row: RequestByTokenRow, target: { date: string; startMinute: number }, now: Date) {
  const profile = row.profile;
  const slot = {
    userId: held.professionalId,
    date: target.date,
    startMinute: target.startMinute,
    durationMinutes: held.durationMinutes,
    bufferMinutes: held.bufferMinutes,
    excludeBookingRequestId: held.requestId,
    excludeAppointmentId: held.appointmentId ?? undefined,
  };
  const free = and(nothingOverlaps(db, slot, now), noBlockCovers(db, slot))!;
  const movesLeft = sql`(select ${bookingRequests.customerMoves} from ${bookingRequests} where ${bookingRequests.id} = ${held.requestId}) < ${MAX_CUSTOMER_MOVES}`;
  const oneMoreMove = sql`${bookingRequests.customerMoves} + 1`;
  if (held.kind === "request") {
    return [
      db
        .update(bookingRequests)
        .set({
          date: target.date,
          startMinute: target.startMinute,
          expiresAt: requestExpiry(row.request.createdAt, profile.requestExpiryHours, localToUtc(target.date, target.startMinute, profile.timeZone)),
          rescheduledByCustomerAt: now,
          customerMoves: oneMoreMove,
        })
        .where(
          and(
            eq(bookingRequests.id, held.requestId),
            eq(bookingRequests.professionalId, held.professionalId),
            stillHeld(now),
            eq(bookingRequests.date, held.date),
            eq(bookingRequests.startMinute, held.startMinute),
            movesLeft,
            free,
          ),
        ),
    ];
  }
  return [
    db
      .update(appointments)
      .set({ date: target.date, startMinute: target.startMinute, rescheduledByCustomerAt: now })
      .where(
        and(
          eq(appointments.id, held.appointmentId!),
          eq(appointments.userId, held.professionalId),
          eq(appointments.bookingRequestId, held.requestId),
          activeAppointment,
          eq(appointments.date, held.date),
          eq(appointments.startMinute, held.startMinute),
          movesLeft,
          free,
        ),
      ),
    db
      .update(bookingRequests)
      .set({ date: target.date, startMinute: target.startMinute, rescheduledByCustomerAt: now, customerMoves: oneMoreMove })
      .where(
        and(
          eq(bookingRequests.id, held.requestId),
          eq(bookingRequests.status, "accepted"),
          appointmentMovedBy(held.appointmentId!, target, now.getTime()),
        ),
      ),
  ];
}

/** Nothing changed: say why, from what holds now. */
async function whyNotMoved(
  db: Db,
  booking: CustomerBooking,
  target: { date: string; startMinute: number },
  now: Date,
): Promise<RescheduleOutcome> {
  const held = booking.held!;
  const [fresh] = await requestByTokenQuery(db, sql`${booking.row.request.id}`);
  const current = fresh ? heldTime(fresh, now) : null;
  if (!current) return { ok: false, reason: "unavailable" };
  if (current.date === target.date && current.startMinute === target.startMinute && fresh!.request.rescheduledByCustomerAt) {
    return { ok: true };
  }
  if (current.date !== held.date || current.startMinute !== held.startMinute) return { ok: false, reason: "changed" };
  if (fresh!.request.customerMoves >= MAX_CUSTOMER_MOVES) return { ok: false, reason: "used-up" };
  return { ok: false, reason: "taken" };
}

/**
 * The professional's notice of a move, coalesced: one e-mail per booking within a few minutes,
 * with the latest time. The first move queues it for the job MOVE_NOTICE_DELAY_MS later; a
 * later move while it still waits (queued, not being sent) rewrites it to the new time, keeping
 * its 'Antes:' (the time the professional last knew of). Once the job holds or sent it, the
 * next move queues a new one. Both writes only if the move happened.
 */
function moveNoticeStatements(
  db: Db,
  p: { requestId: string; professionalId: string; moved: SQL; now: Date; email: ReturnType<typeof rescheduledEmail> },
) {
  const o = emailOutbox;
  const prefix = `rescheduled:${p.requestId}:`;
  const waiting = and(
    gte(o.dedupeKey, prefix),
    lt(o.dedupeKey, `${prefix}\uffff`),
    eq(o.status, "queued"),
    or(isNull(o.leaseUntil), lte(o.leaseUntil, p.now)),
  );
  // The new text around the waiting one's 'Antes:' line.
  const lines = p.email.text.split("\n");
  const before = lines.findIndex((line) => line.startsWith(MOVED_FROM));
  const head = `${lines.slice(0, before).join("\n")}\n`;
  const tail = `\n${lines.slice(before + 1).join("\n")}`;
  const from = sql`instr(${o.text}, ${MOVED_FROM})`;
  const keptAntes = sql`substr(${o.text}, ${from}, instr(substr(${o.text}, ${from}), char(10)) - 1)`;
  const { statements } = queueEmail(db, p.email, {
    kind: "rescheduled-by-customer",
    professionalId: p.professionalId,
    dedupeKey: `${prefix}${p.now.getTime()}`,
    claimed: false,
    notBefore: new Date(p.now.getTime() + MOVE_NOTICE_DELAY_MS),
    now: p.now,
    onlyIf: sql`${p.moved} and not exists (select 1 from ${o} where ${waiting})`,
  });
  return [
    db
      .update(o)
      .set({ subject: p.email.subject, text: sql`${head} || ${keptAntes} || ${tail}` })
      .where(and(waiting, p.moved, sql`${from} > 0`)),
    statements[1],
  ] as const;
}

function appointmentMovedBy(appointmentId: string, target: { date: string; startMinute: number }, at: number): SQL {
  return sql`exists (select 1 from ${appointments} where ${appointments.id} = ${appointmentId}
    and ${appointments.rescheduledByCustomerAt} = ${at} and ${appointments.date} = ${target.date} and ${appointments.startMinute} = ${target.startMinute})`;
}
