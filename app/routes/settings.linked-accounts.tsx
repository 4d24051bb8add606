import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings.linked-accounts";
import { LinkedAccountList } from "../components/linked-accounts/linked-account-list";
import { addLinkedAccountSchema, LINK_ADDED, LINK_REMOVED } from "../validation/linked-accounts";
import { Alert, Field } from "../components/forms";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import {
  ADD_ERRORS,
  addLinkedAccount,
  findLinkedOwner,
  inviteText,
  LEFT_TEAM,
  leaveTeam,
  listLinkedAccounts,
  removeLinkedAccount,
  seatInfo,
  inviteEmail,
} from "../domain/accounts/linked-accounts.server";
import { planById, planTeamSize, teamPlansSentence } from "../domain/billing/plans";
import { formatInstant } from "../domain/dates";
import { setOwnerMayManage } from "../domain/team/team.server";
import { readRules } from "../domain/commissions/commissions.server";
import { ruleSummary } from "../domain/commissions/commissions";
import { commissionHref } from "../components/linked-accounts/urls";
import { redirectWithToast } from "../utils/toast.server";
import { hit, LIMIT_KEYS, LIMITS } from "../utils/rate-limit.server";
import { sendSoon } from "../domain/notifications/deliver-soon.server";
import { notFound, readForm, requireFound } from "../utils/actions.server";

const TOO_MANY_INVITES = "Você enviou muitos convites hoje. Tente novamente amanhã.";

export const meta: Route.MetaFunction = () => [{ title: "Contas — Configurações — Agendo" }];

const SELF = "/configuracoes/contas";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const confirmId = new URL(request.url).searchParams.get("remover");
  if (user.linkedOwnerId) {
    const owner = await findLinkedOwner(db, user.id);
    return {
      member: { owner: owner?.businessName || owner?.fullName || "", ownerMayManage: user.profile.ownerMayManage },
      owner: null,
    };
  }
  const [rows, seats, rules] = await Promise.all([listLinkedAccounts(db, user.id), seatInfo(db, user), readRules(db, user.id)]);
  // A confirmation link for a row that is not this owner's (or is gone) is a 404.
  if (confirmId && !rows.some((r) => r.id === confirmId)) notFound();
  const ownerName = user.profile.businessName || user.profile.fullName;
  const plan = user.subscription?.status === "active" ? planById(user.subscription.planId) : undefined;
  return {
    member: null,
    owner: {
      planName: seats.seats === 0 ? null : (plan?.name ?? null),
      /** 'até 2 profissionais: você e mais 1', from the plan catalogue as Planos says it. */
      teamSize: seats.seats === 0 || !plan ? null : planTeamSize(plan),
      onTrial: user.subscription?.status === "trial",
      seats,
      confirmId,
      items: rows.map((r) => ({
        id: r.id,
        email: r.email,
        status: r.status,
        name: r.name,
        addedOn: formatInstant(r.createdAt, user.profile.timeZone),
        invite: r.status === "pending" ? inviteText({ ownerName, email: r.email }) : null,
        commission: r.userId ? { summary: ruleSummary(rules.get(r.userId) ?? null), defined: rules.has(r.userId), href: commissionHref(r.userId) } : null,
      })),
    },
  };
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const formData = await readForm(request);
  if (formData.get("intent") === "leave") {
    if (!(await leaveTeam(db, user.id))) notFound();
    return redirectWithToast(request, SELF, { type: "success", ...LEFT_TEAM });
  }
  if (formData.get("intent") === "owner-may-manage") {
    // Only a member of a team has an owner to allow; anyone else has no such switch.
    if (!user.linkedOwnerId) notFound();
    const allowed = formData.get("allowed") === "on";
    await setOwnerMayManage(db, user.id, allowed);
    return redirectWithToast(request, SELF, {
      type: "success",
      title: allowed ? "Permissão concedida" : "Permissão removida",
      description: allowed
        ? "A pessoa responsável pela equipe pode responder às suas solicitações e confirmar, concluir e cancelar os seus agendamentos."
        : "A pessoa responsável pela equipe vê a sua agenda, mas não pode alterá-la.",
    });
  }
  if (formData.get("intent") === "remove") {
    const id = formData.get("id");
    const removed = requireFound(typeof id === "string" && id ? await removeLinkedAccount(db, user.id, id) : null);
    return redirectWithToast(request, SELF, {
      type: "success",
      title: LINK_REMOVED,
      description: `${removed.email} não tem mais acesso pelo seu plano.`,
    });
  }

  const submission = parseForm(formData, { schema: addLinkedAccountSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const email = submission.value.email;
  // Each add e-mails someone: a cap keeps the form from being used to send mail in bulk.
  if (!(await hit(db, LIMIT_KEYS.invites(user.id), LIMITS.invitesPerOwner)).allowed) {
    return data<ActionData>(
      { result: submission.reply({ fieldErrors: { email: [TOO_MANY_INVITES] } }) },
      { status: 429 },
    );
  }
  const added = await addLinkedAccount(db, user, email);
  if (!added.ok) {
    return data<ActionData>(
      { result: submission.reply({ fieldErrors: { email: [ADD_ERRORS[added.reason]] } }) },
      { status: 400 },
    );
  }
  await sendSoon(context, inviteEmail({ ownerName: user.profile.businessName || user.profile.fullName, email }));
  return redirectWithToast(request, SELF, {
    type: "success",
    title: LINK_ADDED,
    description: `Enviamos o convite para ${email}.`,
  });
}

export default function LinkedAccountsSettings() {
  const { member, owner } = useLoaderData<typeof loader>();
  if (member) {
    return (
      <section className="card space-y-3 p-4 sm:p-6" aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="text-lg font-semibold">
          Contas vinculadas
        </h2>
        <p className="text-slate-700">
          Você faz parte da equipe de <strong>{member.owner}</strong>. O titular da conta gerencia o plano e as
          contas vinculadas; seus clientes, serviços e agenda continuam só seus.
        </p>
        <OwnerMayManageForm allowed={member.ownerMayManage} owner={member.owner} />
        <LeaveTeamForm />
      </section>
    );
  }
  return <OwnerView {...owner!} />;
}

/**
 * 'Permitir que a pessoa responsável pela equipe gerencie minha agenda': a checkbox and a save button, a plain
 * post (an unchecked box sends nothing, so the intent travels in the button).
 */
function OwnerMayManageForm({ allowed, owner }: { allowed: boolean; owner: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "owner-may-manage";
  return (
    <Form method="post" action={SELF} className="space-y-2 border-t border-slate-200 pt-3" data-testid="owner-may-manage">
      <label className="flex items-start gap-3">
        <input type="checkbox" name="allowed" defaultChecked={allowed} key={String(allowed)} className="mt-1 size-5" />
        <span>
          <span className="font-medium">Permitir que a pessoa responsável pela equipe gerencie minha agenda</span>
          <span className="block text-sm text-slate-600">
            {owner || "A pessoa responsável pela equipe"} sempre vê os seus agendamentos na tela Equipe. Com esta opção, também pode
            aceitar ou recusar suas solicitações e confirmar, concluir e cancelar. Seus clientes continuam só seus.
          </span>
        </span>
      </label>
      <button type="submit" name="intent" value="owner-may-manage" className="btn-secondary" disabled={saving}>
        {saving ? "Salvando..." : "Salvar permissão"}
      </button>
    </Form>
  );
}

/** Leaving needs no confirmation page: the owner can link the e-mail again at any time. */
function LeaveTeamForm() {
  return (
    <Form method="post" action="/configuracoes/contas" className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3">
      <p className="text-sm text-slate-600">Saindo da equipe, o acesso passa a depender do seu próprio plano.</p>
      <button type="submit" name="intent" value="leave" className="btn-secondary">
        Sair da equipe
      </button>
    </Form>
  );
}

type OwnerData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["owner"]>;

function OwnerView({ planName, teamSize, onTrial, seats, confirmId, items }: OwnerData) {
  const canAdd = seats.left === null || seats.left > 0;
  return (
    <div className="space-y-6">
      <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="accounts-title">
        <div>
          <h2 id="accounts-title" className="text-lg font-semibold">
            Contas vinculadas
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Convide profissionais da sua equipe. Cada um tem a própria agenda, clientes e página de agendamento,
            com acesso pelo seu plano.
          </p>
        </div>
        <SeatSummary planName={planName} teamSize={teamSize} onTrial={onTrial} seats={seats} />
        {canAdd ? <AddForm /> : null}
      </section>

      <section className="card space-y-2 p-4 sm:p-6" aria-labelledby="linked-list-title">
        <h2 id="linked-list-title" className="text-lg font-semibold">
          Profissionais vinculados ({items.length})
        </h2>
        <LinkedAccountList items={items} confirmId={confirmId} self={SELF} />
      </section>
    </div>
  );
}

function SeatSummary({ planName, teamSize, onTrial, seats }: Pick<OwnerData, "planName" | "teamSize" | "onTrial" | "seats">) {
  if (seats.seats === 0) {
    return (
      <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" role="status">
        <p className="font-semibold">
          {onTrial ? "Contas vinculadas não estão disponíveis no período grátis" : "Seu plano não inclui contas vinculadas"}
        </p>
        <p className="mt-0.5">
          {teamPlansSentence()}{" "}
          <Link to="/configuracoes/planos" className="btn-link">
            Ver planos
          </Link>
        </p>
        {seats.used > 0 ? (
          <p className="mt-1">As contas já vinculadas continuam na lista, mas só têm acesso com um plano ativo.</p>
        ) : null}
      </div>
    );
  }
  if (seats.seats === null) {
    return (
      <p className="text-sm text-slate-700" data-testid="seat-summary">
        Seu plano {planName ?? ""} inclui {teamSize ?? "profissionais ilimitados"}. Vinculadas: {seats.used}.
      </p>
    );
  }
  const over = seats.used > seats.seats;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" data-testid="seat-summary">
        Seu plano {planName ?? ""} inclui {teamSize ?? `você e mais ${seats.seats}`}. Vagas em uso: {seats.used} de {seats.seats}.
      </p>
      {seats.left === 0 ? (
        <Alert
          tone="info"
          title={over ? "Você tem mais contas vinculadas do que o seu plano permite" : "Todas as vagas do seu plano estão em uso"}
          text={
            over
              ? "As contas existentes continuam ativas. Para vincular outra, remova algumas ou mude para um plano maior em Planos."
              : "Para vincular outro profissional, remova uma conta ou mude para um plano maior em Planos."
          }
        />
      ) : null}
    </div>
  );
}

function AddForm() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useForm({
    id: "add-linked-account",
    lastResult: navigation.state === "idle" ? (actionData?.result ?? null) : null,
    onValidate: ({ formData }) => parseForm(formData, { schema: addLinkedAccountSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={SELF} {...getFormProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <input type="hidden" name="intent" value="add" />
      <div className="min-w-0 flex-1">
        <Field
          label="E-mail do profissional"
          errors={fields.email.errors}
          hint="Enviamos um convite com o link de cadastro para este e-mail."
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "off",
            placeholder: "profissional@exemplo.com",
            maxLength: 254,
          }}
        />
      </div>
      <button type="submit" className="btn-primary sm:mt-6" disabled={adding}>
        {adding ? "Adicionando..." : "Adicionar"}
      </button>
    </Form>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
