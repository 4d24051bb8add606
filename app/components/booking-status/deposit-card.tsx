import { formatMoney } from "../../domain/money";
import type { DepositView } from "./status-view";

// A deposit the service asks for: its state as the professional marked it, and while unpaid its
// Pix as a QR code and a copy-and-paste code (or why the customer has to arrange it on WhatsApp),
// with the time it must be paid by when the booking rules free an unpaid time.

/**
 * How often a page waiting for a payment reloads itself without JavaScript (with it, the page's
 * script asks for the state instead). A reload drops what the customer is selecting: once a
 * minute leaves time to long-press and copy the Pix code (docs/decisions/1073).
 */
export const PAYMENT_RELOAD_SECONDS = 60;

/** `status`: the booking's, which the page's poll compares with what it reads (a payment may come after the professional confirmed). */
export function DepositCard({ deposit, bookingPath, status }: { deposit: DepositView; bookingPath: string; status: string }) {
  return (
    <section className="card text-center" aria-labelledby="pix-title" data-payment-state={deposit.state} data-booking-status={status}>
      {deposit.payBy ? (
        // Without JavaScript the page reloads itself while the payment is awaited; with it, the
        // page's script asks for the state instead (a reload would interrupt a copy).
        <noscript>
          <meta httpEquiv="refresh" content={String(PAYMENT_RELOAD_SECONDS)} />
        </noscript>
      ) : null}
      <h2 id="pix-title" className="font-semibold">
        Sinal via Pix: {formatMoney(deposit.amountCents)}
      </h2>
      <p className="mt-1 text-sm font-semibold" data-testid="deposit-state">
        {deposit.label}
      </p>
      {deposit.dueBy ? (
        <p className="mt-1 text-sm text-amber-900" data-testid="deposit-due">
          Pague o sinal até {deposit.dueBy} para manter o horário; depois disso ele é liberado.
        </p>
      ) : null}
      {deposit.payBy ? (
        <p className="mt-1 text-base font-semibold text-sky-900" data-testid="deposit-pay-by">
          Pague até {deposit.payBy}
        </p>
      ) : null}
      {deposit.payBy && deposit.payRule ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="deposit-pay-rule">
          {deposit.payRule}
        </p>
      ) : null}
      {deposit.payTimeOver ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="deposit-time-over">
          O horário foi liberado.{" "}
          <a href={bookingPath} className="font-semibold text-brand underline">
            Escolha outro horário
          </a>
        </p>
      ) : null}
      {deposit.pix && "payload" in deposit.pix ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {deposit.payBy
              ? "Pague pelo QR code ou pelo Pix copia e cola. A confirmação aparece aqui sozinha assim que o pagamento chegar."
              : "Este serviço pede um sinal para garantir o horário. Pague pelo QR code ou pelo Pix copia e cola."}
          </p>
          <div
            className="mx-auto mt-3 w-48 [&_svg]:h-auto [&_svg]:w-full"
            role="img"
            aria-label="QR code do Pix"
            dangerouslySetInnerHTML={{ __html: deposit.pix.svg }}
          />
          <label htmlFor="pix-code" className="label mt-3 text-left">
            Pix copia e cola
          </label>
          <textarea id="pix-code" readOnly rows={3} className="input font-mono text-xs" value={deposit.pix.payload} />
          {/* Shown by the page's script (copying needs JavaScript); the code above stays selectable without it. */}
          <button type="button" className="btn-secondary mt-2 hidden" data-copy="pix-code">
            Copiar código Pix
          </button>
        </>
      ) : deposit.pix ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="pix-unavailable">
          Este serviço pede um sinal para garantir o horário. {deposit.pix.unavailable}
        </p>
      ) : null}
    </section>
  );
}
