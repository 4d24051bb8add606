import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings.commission";
import { Field, FieldError, FormFooter } from "../components/forms";
import { SectionCard } from "../components/section-card";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { notFound, readForm } from "../utils/actions.server";
import { redirectWithToast } from "../utils/toast.server";
import { commissionFormData, saveRule } from "../domain/commissions/commissions.server";
import { formatPercentInput } from "../domain/commissions/commissions";
import { formatMoney } from "../domain/money";
import { commissionSchema } from "../validation/commissions";

export const meta: Route.MetaFunction = () => [{ title: "Comissão — Configurações — Agendo" }];

const BACK = "/configuracoes/contas";

/** The owner's own active member only; anyone else's id (or a member signed in) is a 404. */
async function formData(context: Route.LoaderArgs["context"], memberId: string) {
  const user = requireUser(context);
  if (user.linkedOwnerId) notFound();
  const found = memberId.length <= 100 ? await commissionFormData(getDb(context), user.id, memberId) : null;
  if (!found) notFound();
  return { user, ...found };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { member, services, rule } = await formData(context, params.memberId);
  return { member, services, rule };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, member, services } = await formData(context, params.memberId);
  const submission = parseForm(await readForm(request), { schema: commissionSchema(services.map((s) => s.id)) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveRule(getDb(context), { ownerId: user.id, memberId: member.id, actorId: user.id, rule: submission.value });
  return redirectWithToast(request, BACK, {
    type: "success",
    title: "Comissão salva",
    description: `A comissão de ${member.name} vale para os atendimentos fechados a partir de agora e para os que ainda não tinham regra.`,
  });
}

export default function CommissionSettings() {
  const { member, services, rule } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "commission",
    lastResult: navigation.state === "idle" ? (actionData?.result ?? null) : null,
    defaultValue: {
      servicos: rule ? formatPercentInput(rule.servicesBasisPoints) : "",
      produtos: rule ? formatPercentInput(rule.productsBasisPoints) : "0",
      gorjetas: rule?.tipsToProfessional === false ? undefined : "on",
      taxas: Object.fromEntries(services.map((s) => [s.id, rule?.serviceRates[s.id] === undefined ? "" : formatPercentInput(rule.serviceRates[s.id]!)])),
    },
    onValidate: ({ formData }) => parseForm(formData, { schema: commissionSchema(services.map((s) => s.id)) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const rates = fields.taxas.getFieldset();
  return (
    <SectionCard
      title={`Comissão de ${member.name}`}
      intro="O percentual que você paga sobre o que foi cobrado nos atendimentos (depois do desconto). Aparece em Relatórios > Equipe, com o valor a pagar de cada período."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Comissão sobre serviços (%)" errors={fields.servicos.errors} hint="Vale para todos os serviços, menos os que tiverem percentual próprio abaixo." inputProps={{ ...getInputProps(fields.servicos, { type: "text" }), inputMode: "decimal", placeholder: "40", maxLength: 10 }} />
          <Field label="Comissão sobre produtos (%)" errors={fields.produtos.errors} hint="Itens vendidos no fechamento, como uma pomada." inputProps={{ ...getInputProps(fields.produtos, { type: "text" }), inputMode: "decimal", placeholder: "0", maxLength: 10 }} />
        </div>
        <label className="flex items-start gap-3">
          <input {...getInputProps(fields.gorjetas, { type: "checkbox" })} className="mt-1 size-5" />
          <span>
            <span className="font-medium">Gorjetas ficam com o profissional</span>
            <span className="block text-sm text-slate-600">Somadas ao valor a pagar. As gorjetas nunca contam como faturamento do salão.</span>
          </span>
        </label>
        {services.length > 0 ? (
          <fieldset className="space-y-2 border-t border-slate-200 pt-3">
            <legend className="font-medium">Percentual por serviço (opcional)</legend>
            <p className="text-sm text-slate-600">Deixe em branco para usar a comissão sobre serviços.</p>
            <ul className="divide-y divide-slate-100">
              {services.map((s) => {
                const rate = rates[s.id]!;
                return (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <label htmlFor={rate.id} className="min-w-0 text-sm">
                      <span className="font-medium">{s.name}</span> <span className="text-slate-500">{formatMoney(s.priceCents)}</span>
                    </label>
                    <div className="w-24">
                      <input {...getInputProps(rate, { type: "text" })} inputMode="decimal" maxLength={10} placeholder="—" className="input text-right" aria-describedby={rate.errors ? `${rate.id}-error` : undefined} />
                    </div>
                    <div className="basis-full">
                      <FieldError id={`${rate.id}-error`} errors={rate.errors} />
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ) : null}
        <FormFooter label="Salvar comissão" saving={navigation.state === "submitting"} cancelHref={BACK} />
      </Form>
    </SectionCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
