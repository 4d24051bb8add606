import { Link } from "react-router";
import { plural } from "../../domain/words";

/** 'Hora de voltar' (issue 24): how many regulars are past their usual interval, one tap from the list. */
export function ComebackCard({ count }: { count: number }) {
  return (
    <section className="card flex flex-wrap items-center justify-between gap-3" aria-labelledby="comeback-card-title">
      <div>
        <h2 id="comeback-card-title" className="font-semibold">
          Hora de voltar
        </h2>
        <p className="text-sm text-slate-600" data-testid="comeback-summary">
          {plural(count, "cliente frequente passou", "clientes frequentes passaram")} do intervalo de sempre
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/clientes?filtro=hora-de-voltar" className="btn-secondary">
          Ver clientes
        </Link>
        <Link to="/lembretes#hora-de-voltar" className="btn-primary">
          Chamar no WhatsApp
        </Link>
      </div>
    </section>
  );
}
