import { Form } from "react-router";
import { Avatar } from "../avatar";

// The salon's step 0 'Escolha o profissional': a plain GET form, one radio
// per professional on the page and 'Qualquer profissional', so it works without JavaScript;
// with it, the page's inline script keeps Continuar disabled until a choice (`data-choose`).

export type ProfessionalChoice = { id: string; fullName: string; businessName: string; specialty: string; imageUrl: string | null };

export function ProfessionalStep({ team, any, chosen }: { team: ProfessionalChoice[]; any: string; chosen: string | null }) {
  if (team.length === 0) {
    return (
      <section className="card mt-4 text-center">
        <p className="font-semibold">Nenhum profissional disponível</p>
        <p className="mt-1 text-sm text-slate-600">Entre em contato diretamente com o salão.</p>
      </section>
    );
  }
  const radio = "card flex cursor-pointer items-center gap-3 has-checked:border-brand has-checked:ring-2 has-checked:ring-brand/30";
  return (
    <Form method="get" className="mt-4 space-y-3" data-choose>
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold">1. Escolha o profissional</legend>
        {team.map((m) => (
          <label key={m.id} className={radio}>
            <input
              type="radio"
              name="profissional"
              value={m.id}
              required
              defaultChecked={chosen === m.id}
              className="size-4 shrink-0 accent-brand"
            />
            <Avatar name={m.fullName || m.businessName} imageUrl={m.imageUrl} size="sm" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{m.fullName || m.businessName}</span>
              {m.specialty ? <span className="block text-sm text-slate-600">{m.specialty}</span> : null}
            </span>
          </label>
        ))}
        <label className={radio}>
          <input type="radio" name="profissional" value={any} required defaultChecked={chosen === any} className="size-4 shrink-0 accent-brand" />
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand/10 text-xl text-brand" aria-hidden>
            ★
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">Qualquer profissional</span>
            <span className="block text-sm text-slate-600">Quem estiver livre no horário que você escolher; você vê quem atende e o valor antes de confirmar</span>
          </span>
        </label>
      </fieldset>
      <button type="submit" className="btn-primary w-full py-3 text-base">
        Continuar
      </button>
    </Form>
  );
}
