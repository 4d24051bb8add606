import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatDate } from "../../domain/dates";

// 'Lembretes' groups beside the day's list (issue 24): a heading, a line of what it is, and its
// rows, each with its one-tap WhatsApp button (a plain POST: marks it, then opens WhatsApp).

export function ReminderGroup({ title, intro, testId, children }: { title: string; intro: string; testId: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div>
        <h2 id={`${testId}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      <ul className="space-y-3">{children}</ul>
    </section>
  );
}

/** One person to message: who, what, and the buttons (the first one opens WhatsApp). */
export function GroupRow({ title, detail, badge, children }: { title: string; detail: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <li className="card flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-slate-600">{detail}</p>
        {badge ? <p className="mt-1 flex flex-wrap gap-1.5 text-xs">{badge}</p> : null}
      </div>
      <Form method="post" className="flex flex-wrap gap-2">
        {children}
      </Form>
    </li>
  );
}

type WaitlistRow = { id: string; client: string; service: string; date: string; time: string; sentAt: string | null };

export function WaitlistGroup({ rows }: { rows: WaitlistRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ReminderGroup
      title="Lista de espera"
      intro="Abriu um horário num dia com lista de espera: avise quem está esperando. Quem confirmar primeiro pelo link fica com ele."
      testId="waitlist-group"
    >
      {rows.map((r) => (
        <GroupRow
          key={r.id}
          title={`${r.client} · ${formatDate(r.date)} às ${r.time}`}
          detail={r.service}
          badge={
            r.sentAt ? (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 font-semibold text-sky-900">Aviso enviado</span>
            ) : (
              <span className="rounded-full bg-violet-100 px-2 py-0.5 font-semibold text-violet-900">Horário livre</span>
            )
          }
        >
          <input type="hidden" name="id" value={r.id} />
          <button type="submit" name="intent" value="waitlist-sent" className={r.sentAt ? "btn-secondary" : "btn-primary"}>
            {r.sentAt ? "Enviar de novo" : "Avisar no WhatsApp"}
          </button>
        </GroupRow>
      ))}
    </ReminderGroup>
  );
}

type ComebackRow = { id: string; name: string; service: string | null; intervalDays: number; daysSince: number; link: string | null };

/** 'Hora de voltar': regulars past their usual interval; one tap sends the warm message and takes them off the list. */
export function ComebackGroup({ rows }: { rows: ComebackRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div id="hora-de-voltar" className="scroll-mt-20">
      <ReminderGroup
        title="Hora de voltar"
        intro="Clientes frequentes que já passaram do intervalo de sempre e não têm nada marcado. Uma mensagem costuma bastar."
        testId="comeback-group"
      >
        {rows.map((r) => (
          <GroupRow
            key={r.id}
            title={r.name}
            detail={`${r.service ?? "Atendimento"} · costuma voltar a cada ${r.intervalDays} dias · última visita há ${r.daysSince} dias`}
          >
            <input type="hidden" name="id" value={r.id} />
            <Link to={`/lembretes?nao-chamar=${r.id}`} className="btn-secondary">
              Não chamar
            </Link>
            {r.link ? (
              <button type="submit" name="intent" value="comeback-sent" className="btn-primary">
                Chamar no WhatsApp
              </button>
            ) : (
              <span className="text-sm text-slate-600">Sem telefone válido</span>
            )}
          </GroupRow>
        ))}
      </ReminderGroup>
    </div>
  );
}
