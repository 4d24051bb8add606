import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { formatMoneyInput } from "../../domain/money";
import { DEFAULT_SERVICE_COLOR, MAX_BUFFER_MINUTES, MAX_DURATION_MINUTES, serviceSchema } from "../../validation/services";
import { Alert, Field, FieldError, FormFooter } from "../forms";
import type { CategoryView, ServiceView } from "./types";

/**
 * 'Novo Serviço' / 'Editar Serviço'. The price is a text field so '50,00' and '50.00'
 * both work (a number input rejects the Brazilian comma in some browsers).
 */
export function ServiceForm({
  service,
  categories,
  lastResult,
  pending,
}: {
  service: ServiceView | null;
  categories: CategoryView[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
}) {
  const [form, fields] = useServiceForm(service, categories, lastResult);
  useNewCategoryChosen(form, fields.categoria, categories, !!service);

  return (
    <Form method="post" className="card space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={service ? "update-service" : "create-service"} />
      {service ? <input type="hidden" name="id" value={service.id} /> : null}
      {form.errors?.length ? <Alert title="Erro" text={form.errors[0]} /> : null}
      <Field
        label="Nome do Serviço *"
        errors={fields.nome.errors}
        inputProps={{ ...getInputProps(fields.nome, { type: "text" }), placeholder: "Ex.: Corte Masculino", maxLength: 100 }}
      />
      <div>
        <label htmlFor={fields.descricao.id} className="label">
          Descrição
        </label>
        <textarea
          {...getTextareaProps(fields.descricao)}
          rows={3}
          maxLength={500}
          className="input"
          placeholder="O que está incluído, cuidados, observações"
        />
        <FieldError id={fields.descricao.errorId} errors={fields.descricao.errors} />
      </div>
      <PriceAndTimeFields fields={fields} />
      <CategoryField fields={fields} categories={categories} />
      <div>
        <label htmlFor={fields.cor.id} className="label">
          Cor na agenda
        </label>
        <input
          {...getInputProps(fields.cor, { type: "color" })}
          className="h-11 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <FieldError id={fields.cor.errorId} errors={fields.cor.errors} />
      </div>
      <DepositFieldset fields={fields} />
      <FormFooter label={service ? "Atualizar" : "Cadastrar"} saving={pending} cancelHref="/servicos" />
    </Form>
  );
}

type ServiceFields = ReturnType<typeof useServiceForm>[1];

function useServiceForm(service: ServiceView | null, categories: CategoryView[], lastResult: SubmissionResult<string[]> | null | undefined) {
  return useForm({
    id: service ? `service-${service.id}` : "service-new",
    lastResult,
    defaultValue: service
      ? {
          nome: service.name,
          descricao: service.description,
          preco: formatMoneyInput(service.priceCents),
          duracao: String(service.durationMinutes),
          intervalo: String(service.bufferMinutes),
          categoria: service.categoryId ?? "",
          cor: service.color,
          exigeSinal: service.requiresDeposit ? "on" : undefined,
          valorSinal: service.requiresDeposit ? formatMoneyInput(service.depositCents) : "",
        }
      : {
          preco: "0,00",
          duracao: "30",
          intervalo: "0",
          cor: DEFAULT_SERVICE_COLOR,
          categoria: categories.length === 1 ? categories[0]!.id : "",
        },
    onValidate: ({ formData }) => parseForm(formData, { schema: serviceSchema(categories) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/**
 * A category just created beside the form (with JavaScript the form stays as typed) is
 * selected, unless the professional already chose one themselves.
 */
function useNewCategoryChosen(
  form: ReturnType<typeof useServiceForm>[0],
  categoria: ServiceFields["categoria"],
  categories: CategoryView[],
  editing: boolean,
) {
  const categoryIds = categories.map((c) => c.id);
  const known = useRef(categoryIds);
  useEffect(() => {
    const added = categoryIds.find((id) => !known.current.includes(id));
    known.current = categoryIds;
    const chosen = editing ? !!categoria.value : categoria.dirty;
    if (added && !chosen) form.update({ name: categoria.name, value: added });
  });
}

/** 'Preço', 'Duração' and 'Intervalo após'. */
function PriceAndTimeFields({ fields }: { fields: Pick<ServiceFields, "preco" | "duracao" | "intervalo"> }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="Preço (R$) *"
          errors={fields.preco.errors}
          inputProps={{ ...getInputProps(fields.preco, { type: "text" }), inputMode: "decimal", placeholder: "0,00" }}
        />
        <Field
          label="Duração (min) *"
          errors={fields.duracao.errors}
          inputProps={{
            ...getInputProps(fields.duracao, { type: "number" }),
            inputMode: "numeric",
            min: 1,
            max: MAX_DURATION_MINUTES,
            step: 1,
          }}
        />
      </div>
      <Field
        label="Intervalo após (min)"
        errors={fields.intervalo.errors}
        hint="Tempo depois do serviço que ninguém pode agendar (limpeza, preparo). 0 para nenhum."
        inputProps={{
          ...getInputProps(fields.intervalo, { type: "number" }),
          inputMode: "numeric",
          min: 0,
          max: MAX_BUFFER_MINUTES,
          step: 5,
        }}
      />
    </>
  );
}

/** 'Categoria': a new one's name while there is none, else a choice (or a new one beside it). */
function CategoryField({ fields, categories }: { fields: Pick<ServiceFields, "categoria" | "novaCategoria">; categories: CategoryView[] }) {
  if (categories.length === 0) {
    // No category yet: its name, created with the service.
    return (
      <Field
        label="Categoria *"
        errors={fields.novaCategoria.errors}
        hint="Escreva o nome da categoria (ex.: Cabelo): ela é criada junto com o serviço."
        inputProps={{ ...getInputProps(fields.novaCategoria, { type: "text" }), placeholder: "Ex.: Cabelo", maxLength: 50 }}
      />
    );
  }
  return (
    <div>
      <label htmlFor={fields.categoria.id} className="label">
        Categoria *
      </label>
      <select
        {...getSelectProps(fields.categoria)}
        className="input peer"
        aria-describedby={fields.categoria.errors?.length ? fields.categoria.errorId : "categoria-hint"}
      >
        <option value="">Selecione uma categoria</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldError id={fields.categoria.errorId} errors={fields.categoria.errors} />
      {/* Only while no category is chosen: CSS, so it works without JS too. */}
      <div className="mt-3 hidden peer-has-[option[value='']:checked]:block">
        <Field
          label="Ou crie uma nova categoria"
          errors={fields.novaCategoria.errors}
          inputProps={{ ...getInputProps(fields.novaCategoria, { type: "text" }), placeholder: "Ex.: Coloração", maxLength: 50 }}
        />
      </div>
      <p id="categoria-hint" className="mt-1 text-xs text-slate-500">
        Para renomear ou excluir categorias:{" "}
        <a href="#gerenciar-categorias" className="btn-link text-xs">
          Gerenciar Categorias
        </a>
        .
      </p>
    </div>
  );
}

/** 'Sinal': whether a deposit confirms the booking, and how much. */
function DepositFieldset({ fields }: { fields: Pick<ServiceFields, "exigeSinal" | "valorSinal"> }) {
  return (
    // The deposit amount shows once the box is ticked: CSS only, so it works without JS.
    <fieldset className="group space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Sinal</legend>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          {...getInputProps(fields.exigeSinal, { type: "checkbox" })}
          className="mt-0.5 size-4 rounded border-slate-300"
        />
        <span>Exigir sinal para confirmar o agendamento</span>
      </label>
      <div className="hidden group-has-checked:block">
        <Field
          label="Valor do sinal (R$)"
          errors={fields.valorSinal.errors}
          hint="Não pode ser maior que o preço do serviço."
          inputProps={{ ...getInputProps(fields.valorSinal, { type: "text" }), inputMode: "decimal", placeholder: "0,00" }}
        />
      </div>
    </fieldset>
  );
}
