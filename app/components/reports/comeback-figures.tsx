import { ReportSection } from "./section";

/** 'Hora de voltar' (issue 24): the messages sent in the period and how many became a booking within 14 days. */
export function ComebackFigures({ comeback, yours = false }: { comeback: { sent: number; booked: number }; /** On the salon's page: her own messages only. */ yours?: boolean }) {
  const share = comeback.sent ? Math.round((comeback.booked / comeback.sent) * 100) : 0;
  return (
    <ReportSection
      id="hora-de-voltar"
      title="Hora de voltar"
      definition={`${yours ? "Suas mensagens" : "Mensagens"} 'Hora de voltar' enviadas no período e quantas viraram agendamento do mesmo cliente em até 14 dias.`}
    >
      {comeback.sent === 0 ? (
        <p className="text-sm text-slate-600">Nenhuma mensagem enviada no período. Os clientes atrasados aparecem em Lembretes.</p>
      ) : (
        <dl className="grid grid-cols-3 gap-3 text-center" data-testid="comeback-figures">
          <div>
            <dt className="text-xs text-slate-500">Mensagens</dt>
            <dd className="text-2xl font-bold">{comeback.sent}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Viraram agendamento</dt>
            <dd className="text-2xl font-bold text-emerald-700">{comeback.booked}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Retorno</dt>
            <dd className="text-2xl font-bold">{share}%</dd>
          </div>
        </dl>
      )}
    </ReportSection>
  );
}
