import { Form } from "react-router";
import { BackToTeam, ChosenField, chosenName, stepNumber, type BookingView } from "./page-view";
import { DepositNote, ServiceFacts, variesByProfessional, VariesNote } from "./service-facts";

// Step 'Escolha o serviço': a plain GET form, one radio per service with its figures, 'Popular'
// and a deposit's note; with JavaScript, Continuar waits for a choice (`data-choose`).

export function ServiceStep({ page }: { page: BookingView }) {
  const { services, pro, chosen, popularServiceId, team } = page;
  const n = stepNumber(page, 1);
  if (services.length === 0) {
    return (
      <section className="card mt-4 text-center">
        <p className="font-semibold">Nenhum serviço disponível</p>
        <p className="mt-1 text-sm text-slate-600">Entre em contato para mais informações</p>
        <div className="mt-2">
          <BackToTeam team={team} />
        </div>
      </section>
    );
  }
  return (
    <Form method="get" className="mt-4 space-y-3" data-choose>
      <ChosenField chosen={chosen} />
      {chosen ? (
        <div className="card flex items-center justify-between gap-2 text-sm">
          <span>
            Profissional: <strong>{chosenName(chosen)}</strong>
          </span>
          <BackToTeam team={team} />
        </div>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold">{n}. Escolha o serviço</legend>
        {services.map((s) => (
          <label
            key={s.id}
            className="card flex cursor-pointer items-start gap-3 has-checked:border-brand has-checked:ring-2 has-checked:ring-brand/30"
          >
            <input type="radio" name="servico" value={s.id} required className="mt-1 size-4 accent-brand" />
            <span className="mt-1 size-3 shrink-0 rounded-full" style={{ background: s.color }} aria-hidden />
            <span className="flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{s.name}</span>
                {s.id === popularServiceId ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                    Popular
                  </span>
                ) : null}
              </span>
              {s.description ? <span className="mt-0.5 block text-sm text-slate-600">{s.description}</span> : null}
              <span className="mt-1 block text-sm text-slate-700">
                <ServiceFacts service={s} showPrices={pro.showPrices} />
              </span>
              {variesByProfessional(s) ? <VariesNote /> : null}
              <DepositNote service={s} rule={page.deposit?.rule} />
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn-primary w-full py-3 text-base">
        Continuar
      </button>
    </Form>
  );
}
