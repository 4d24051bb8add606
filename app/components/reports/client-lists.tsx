import { Link } from "react-router";
import { AT_RISK_AFTER_DAYS } from "../../domain/metrics/metrics";
import { VIP_SPENT_ABOVE_CENTS } from "../../domain/clients/client-types";
import { formatMoney } from "../../domain/money";
import { formatDate } from "../../domain/dates";
import { firstName } from "../../domain/names";
import { whatsappLink } from "../../domain/whatsapp";
import { EmptyNote, ReportSection } from "./section";
import type { Report } from "./types";
import { plural } from "../../domain/words";

function clientHref(name: string) {
  return `/clientes?q=${encodeURIComponent(name)}`;
}

/** The VIPs (the badge's rule) who spent the most (completed) in the period, 4 at most. */
export function VipClients({ clients, yours = false }: { clients: Report["vip"]; /** On the salon's page: her own clients only (each professional's clients are theirs). */ yours?: boolean }) {
  const line = formatMoney(VIP_SPENT_ABOVE_CENTS);
  return (
    <ReportSection
      id="vip"
      title={yours ? "Seus clientes VIP" : "Clientes VIP"}
      definition={`Clientes com o selo VIP (mais de ${line} pagos em atendimentos concluídos) que mais gastaram no período.`}
    >
      {clients.length === 0 ? (
        <EmptyNote>Nenhum cliente VIP atendido no período.</EmptyNote>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="vip-clients">
          {clients.map((c, i) => (
            <li key={c.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <Link to={clientHref(c.name)} className="block truncate text-sm font-medium hover:underline">
                  <span className="mr-1.5 text-slate-500">{i + 1}.</span>
                  {c.name}
                </Link>
                <p className="text-xs text-slate-600">
                  {plural(c.completed, "atendimento concluído", "atendimentos concluídos")}
                </p>
              </div>
              <span className="shrink-0 text-sm font-semibold tabular-nums">{formatMoney(c.spentCents)}</span>
            </li>
          ))}
        </ol>
      )}
    </ReportSection>
  );
}

/** Clients away for more than 30 days, longest absence first, with a WhatsApp link to call them back. */
export function AtRiskClients({ atRisk, yours = false }: { atRisk: Report["atRisk"]; /** On the salon's page: her own clients only. */ yours?: boolean }) {
  return (
    <ReportSection
      id="em-risco"
      title={yours ? "Seus clientes em risco" : "Clientes em risco"}
      definition={`Última visita (atendimento concluído) há mais de ${AT_RISK_AFTER_DAYS} dias e nada marcado. Não depende dos filtros.`}
    >
      {atRisk.clients.length === 0 ? (
        <EmptyNote>Nenhum cliente sem visita há mais de {AT_RISK_AFTER_DAYS} dias.</EmptyNote>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" data-testid="at-risk-clients">
            {atRisk.clients.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <Link to={clientHref(c.name)} className="block truncate text-sm font-medium hover:underline">
                    {c.name}
                  </Link>
                  <p className="text-xs text-slate-600">Última visita: {formatDate(c.lastDate, true)}</p>
                  <p className="text-xs font-medium text-amber-700">Há {c.days} dias</p>
                </div>
                <a
                  href={whatsappLink(c.phone, `Olá, ${firstName(c.name)}! Sentimos sua falta. Que tal agendar um horário?`)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn-secondary shrink-0 px-3 py-1.5 text-xs"
                  aria-label={`Chamar ${c.name} no WhatsApp`}
                >
                  WhatsApp
                </a>
              </li>
            ))}
          </ul>
          {atRisk.total > atRisk.clients.length ? (
            <p className="mt-2 text-xs text-slate-600">
              Mostrando {atRisk.clients.length} de {atRisk.total} clientes em risco.
            </p>
          ) : null}
        </>
      )}
    </ReportSection>
  );
}
