import { Link } from "react-router";
import { plural } from "../../domain/words";

/** Tomorrow's WhatsApp reminders: how many are still to send, one tap away ('Lembretes'). */
export function RemindersCard({ total, toRemind }: { total: number; toRemind: number }) {
  return (
    <section className="card flex flex-wrap items-center justify-between gap-3" aria-labelledby="reminders-card-title">
      <div>
        <h2 id="reminders-card-title" className="font-semibold">
          Lembretes de amanhã
        </h2>
        <p className="text-sm text-slate-600" data-testid="reminders-summary">
          {plural(total, "agendamento", "agendamentos")} ·{" "}
          {toRemind === 0 ? "todos lembrados" : plural(toRemind, "cliente a lembrar", "clientes a lembrar")}
        </p>
      </div>
      <Link to="/lembretes" className={toRemind > 0 ? "btn-primary" : "btn-secondary"}>
        {toRemind > 0 ? "Lembrar no WhatsApp" : "Ver lembretes"}
      </Link>
    </section>
  );
}
