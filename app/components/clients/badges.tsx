import type { ClientType } from "../../domain/clients/client-types";

const TYPE_STYLES: Record<ClientType, string> = {
  VIP: "bg-amber-100 text-amber-800 ring-amber-200",
  Frequente: "bg-violet-100 text-violet-800 ring-violet-200",
  Regular: "bg-sky-100 text-sky-800 ring-sky-200",
  Novo: "bg-emerald-100 text-emerald-800 ring-emerald-200",
};

const badge = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

/** The client-type badge (VIP, Frequente, Regular, Novo) and, when earned, 'Fiel'. */
export function ClientBadges({ type, loyal }: { type: ClientType; loyal: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`${badge} ${TYPE_STYLES[type]}`} data-testid="client-type">
        {type === "VIP" ? <span aria-hidden>★</span> : null}
        {type}
      </span>
      {loyal ? (
        <span className={`${badge} bg-rose-100 text-rose-800 ring-rose-200`} data-testid="client-loyal">
          <span aria-hidden>♥</span>
          Fiel
        </span>
      ) : null}
    </span>
  );
}

/** 'Faltou 2x': shown once a client has missed 2 or more appointments ('Não compareceu'). */
export function NoShowBadge({ count }: { count: number }) {
  if (count < 2) return null;
  return (
    <span className={`${badge} bg-red-100 text-red-800 ring-red-200`} data-testid="client-no-shows" title={`${count} faltas (Não compareceu)`}>
      Faltou {count}x
    </span>
  );
}
