// What the customer's status page shows of one booking (routes/booking-status.server.ts builds
// it): everything already in words and figures as the customer reads them.
import type { DayChoice } from "../booking/time-picker";

export type BookingStatus = "pending" | "accepted" | "declined" | "cancelled" | "expired";

/** 'Remarcar': a date, its free times for the same service, then the new time to confirm. */
export type RescheduleView = DayChoice & {
  /** The new time chosen, to confirm. */
  chosen: string | null;
  /** The URL's time is no longer free. */
  timeGone: boolean;
};

/**
 * A deposit asked for: its state in words ('Sinal pendente — …', 'Sinal recebido — … via Pix às
 * 10:32', 'Sinal devolvido — …'), and while unpaid its Pix (copy-and-paste code and QR code) or
 * why there is none, and the time it must be paid by to keep the booking.
 */
export type DepositView = {
  amountCents: number;
  state: "pending" | "awaiting" | "received" | "refunded";
  label: string;
  pix: { payload: string; svg: string } | { unavailable: string } | null;
  dueBy: string | null;
  /** Charged online and waiting for the payment: 'Pague até 10:45' (the page refreshes itself). */
  payBy: string | null;
  /** What that deadline means, said before paying (the time freed and a later payment given back, or the booking already confirmed). */
  payRule: string | null;
  /** The hold ended unpaid: 'O prazo para pagar terminou'. */
  payTimeOver: boolean;
};

export type StatusView = {
  status: BookingStatus;
  customerName: string;
  customerPhone: string;
  serviceName: string;
  duration: string;
  date: string;
  time: string;
  /** Only when the professional shows prices. */
  price: string | null;
  professional: string;
  bookingPath: string;
  whatsapp: string | null;
  /** 'Confirmo presença' (the reminder's link): an upcoming appointment, once per appointment. */
  attendance: "open" | "confirmed" | null;
  /** Who moved the time last ('remarcado por você' / 'alterado pelo profissional'); never on a cancelled booking. */
  movedBy: "customer" | "professional" | null;
  cancelledBy: "customer" | "professional" | null;
  cancelReason: string;
  /** A pending request's promise (pendingPromise). */
  promise: string | null;
  /** An ended booking (expired, declined, cancelled): what really happened, at the top of the page. */
  ending: { title: string; note: string } | null;
  /** 'Remarcar' and 'Cancelar' are offered until the cut-off. */
  canChange: boolean;
  /** The cancel question's word on the deposit (given back, to settle with the professional…); null: none asked. */
  cancelDeposit: string | null;
  rescheduleHref: string;
  changeUntil: string | null;
  /** Still booked, but past the cut-off: the page says so and points to WhatsApp. */
  pastCutoff: string | null;
  movesUsedUp: string | null;
  moveNotice: string;
  reschedule: RescheduleView | null;
  deposit: DepositView | null;
  colors: { primary: string; secondary: string };
};
