import { VIP_SPENT_ABOVE_CENTS, type ClientTiles as Tiles } from "../../domain/clients/client-types";
import { formatMoney, formatInteger } from "../../domain/money";


/** Total, Novos (this month), VIP, Ativos (last 30 days). */
export function ClientTiles({ tiles }: { tiles: Tiles }) {
  const items = [
    { label: "Total", value: tiles.total, hint: "clientes cadastrados", tone: "text-slate-900" },
    { label: "Novos", value: tiles.newThisMonth, hint: "este mês", tone: "text-emerald-700" },
    { label: "VIP", value: tiles.vip, hint: `gastaram mais de ${formatMoney(VIP_SPENT_ABOVE_CENTS)}`, tone: "text-amber-700" },
    { label: "Ativos", value: tiles.active, hint: "visita nos últimos 30 dias", tone: "text-brand" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="card p-4" data-testid={`tile-${item.label}`}>
          <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
          <dd className={`mt-1 text-2xl font-bold ${item.tone}`}>{formatInteger(item.value)}</dd>
          <dd className="text-xs text-slate-500">{item.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
