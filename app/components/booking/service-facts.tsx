import { depositAsk } from "../../domain/booking-requests/online-deposits";
import { formatDurationRange, formatMoneyRange } from "../../domain/money";

// How the booking page states a service's duration and price: one member's exact figures, or for
// 'Qualquer profissional' the real range of the members offering it ('R$ 50,00 a R$ 55,00'),
// until a time is chosen and the professional who takes it, with their price, is shown
// (docs/decisions/0742).

export type ServiceFigures = {
  durationMinutes: number;
  priceCents: number;
  /** 'Qualquer profissional': the highest of the members' durations and prices. */
  maxDurationMinutes?: number;
  maxPriceCents?: number;
};

/** '30min a 45min · R$ 50,00 a R$ 55,00' (the price only when the page shows prices). */
export function ServiceFacts({ service, showPrices }: { service: ServiceFigures; showPrices: boolean }) {
  return (
    <>
      {formatDurationRange(service.durationMinutes, service.maxDurationMinutes ?? service.durationMinutes)}
      {showPrices ? (
        <>
          {" · "}
          <strong>{formatMoneyRange(service.priceCents, service.maxPriceCents ?? service.priceCents)}</strong>
        </>
      ) : null}
    </>
  );
}

/** Whether the members offering a service differ in duration or price. */
export function variesByProfessional(service: ServiceFigures): boolean {
  return (
    (service.maxDurationMinutes ?? service.durationMinutes) !== service.durationMinutes ||
    (service.maxPriceCents ?? service.priceCents) !== service.priceCents
  );
}

/**
 * A service that asks for a deposit says so before the customer books it (shown whatever the
 * price setting); charged online, with the rule of its refund (`rule`).
 */
export function DepositNote({ service, rule }: { service: { requiresDeposit: boolean; depositCents: number }; rule?: string | null }) {
  if (!service.requiresDeposit || service.depositCents <= 0) return null;
  return (
    <span className="mt-1 block text-sm font-medium text-amber-900" data-testid="deposit-note">
      {depositAsk(service.depositCents)}
      {rule ? `. ${rule}` : ""}
    </span>
  );
}

/** 'Qualquer profissional' before a time is chosen: the range is the members'. */
export function VariesNote() {
  return (
    <span className="block text-xs text-slate-500">
      Duração e preço variam conforme o profissional. Você vê quem atende e o valor antes de confirmar.
    </span>
  );
}
