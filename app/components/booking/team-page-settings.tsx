import { Form, useNavigation } from "react-router";
import { Switch } from "../switch";
import { FormFooter } from "../forms";

// Configurações > Página, 'Página da equipe': a plain POST form of its own
// (intent `team`), beside the page form. The owner of a team with active members turns the salon
// page on; the owner and every member choose whether they appear on it.

export const TEAM_SETTINGS_INTENT = "team";

type Props = { owner: boolean; member: boolean; teamPage: boolean; onTeamPage: boolean; error: string | null };

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
            : "Se a pessoa responsável pela equipe ativar a página da equipe, o cliente pode escolher você nela. Seu próprio link continua funcionando."}
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
          title="Página da equipe"
          hint="Seu link de agendamento mostra todos os profissionais da equipe."
          defaultChecked={teamPage}
        />
      ) : null}
      <Switch
        name="onTeamPage"
        title="Aparecer na página da equipe"
        hint={owner ? "Desligue se você não atende clientes." : "Desligue para não aparecer na página do salão."}
        defaultChecked={onTeamPage}
      />
      <FormFooter label="Salvar equipe" saving={saving} />
    </Form>
  );
}
