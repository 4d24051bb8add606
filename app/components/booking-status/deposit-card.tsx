import { formatMoney } from "../../domain/money";
import type { DepositView } from "./status-view";

// A deposit the service asks for: its Pix as a QR code and a copy-and-paste code, or why the
// customer has to arrange it on WhatsApp.

export function DepositCard({ deposit }: { deposit: DepositView }) {
  return (
    <section className="card text-center" aria-labelledby="pix-title">
      <h2 id="pix-title" className="font-semibold">
        Sinal via Pix: {formatMoney(deposit.amountCents)}
      </h2>
      {"payload" in deposit ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Este serviço pede um sinal para garantir o horário. Pague pelo QR code ou pelo Pix copia e cola.
          </p>
          <div
            className="mx-auto mt-3 w-48 [&_svg]:h-auto [&_svg]:w-full"
            role="img"
            aria-label="QR code do Pix"
            dangerouslySetInnerHTML={{ __html: deposit.svg }}
          />
          <label htmlFor="pix-code" className="label mt-3 text-left">
            Pix copia e cola
          </label>
          <textarea id="pix-code" readOnly rows={3} className="input font-mono text-xs" value={deposit.payload} />
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600" data-testid="pix-unavailable">
          Este serviço pede um sinal para garantir o horário. {deposit.unavailable}
        </p>
      )}
    </section>
  );
}
