import { Form, useNavigation } from "react-router";

// Configurações > Página, 'Página da equipe' (docs/decisions/0680): a plain POST form of its own
// (intent `team`), beside the page form. The owner of a team with active members turns the salon
// page on; the owner and every member choose whether they appear on it.

export const TEAM_SETTINGS_INTENT = "team";

type Props = { owner: boolean; member: boolean; teamPage: boolean; onTeamPage: boolean; error: string | null };

const SWITCH =
  "relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand";

function Switch({ name, label, hint, checked }: { name: string; label: string; hint: string; checked: boolean }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 rounded-lg border border-slate-200 p-3">
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
      <input type="checkbox" name={name} defaultChecked={checked} role="switch" className="peer sr-only" />
      <span aria-hidden className={SWITCH} />
    </label>
  );
}

export function TeamPageSettings({ owner, member, teamPage, onTeamPage, error }: Props) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === TEAM_SETTINGS_INTENT;
  if (!owner && !member) return null;
  return (
    <Form method="post" className="card mt-6 space-y-4 p-4 sm:p-6" aria-labelledby="team-page-heading">
      <input type="hidden" name="intent" value={TEAM_SETTINGS_INTENT} />
      <div>
        <h2 id="team-page-heading" className="text-lg font-semibold">
          Página da equipe
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {owner
            ? "Com a página da equipe, seu link abre o salão: o cliente escolhe o profissional ou 'Qualquer profissional'."
            : "Se o dono da equipe ativar a página da equipe, o cliente pode escolher você nela. Seu próprio link continua funcionando."}
        </p>
      </div>
      {error ? (
        <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          {error}
        </p>
      ) : null}
      {owner ? (
        <Switch
          name="teamPage"
          label="Página da equipe"
          hint="Seu link de agendamento mostra todos os profissionais da equipe."
          checked={teamPage}
        />
      ) : null}
      <Switch
        name="onTeamPage"
        label="Aparecer na página da equipe"
        hint={owner ? "Desligue se você não atende clientes." : "Desligue para não aparecer na página do salão."}
        checked={onTeamPage}
      />
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Salvando..." : "Salvar equipe"}
        </button>
      </div>
    </Form>
  );
}
