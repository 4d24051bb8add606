import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, Link } from "react-router";
import { categorySchema } from "../../validation/services";
import { Alert, Field, FormFooter } from "../forms";
import type { CategoryView } from "./types";
import { formHref, PARAMS } from "./urls";
import { plural } from "../../domain/words";

export type CategoryPanel = { kind: "new" } | { kind: "edit"; category: CategoryView } | null;

/** 'Gerenciar Categorias': beside the service form on wide screens, below it on phones. */
export function CategoriesCard({
  categories,
  panel,
  search,
  lastResult,
  pending,
}: {
  categories: CategoryView[];
  panel: CategoryPanel;
  search: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
}) {
  return (
    <section id="gerenciar-categorias" className="card scroll-mt-20 space-y-4" aria-labelledby="categories-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="categories-title" className="text-lg font-semibold">
          Gerenciar Categorias
        </h2>
        {panel?.kind !== "new" ? (
          <Link
            to={formHref(search, { [PARAMS.newCategory]: "1" })}
            preventScrollReset
            className="btn-secondary whitespace-nowrap px-3 py-2"
          >
            + Nova Categoria
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">
        Agrupe seus serviços (por exemplo Cabelo, Barba, Unhas) para filtrar a lista e organizar
        sua página de agendamento. O código é gerado a partir do nome quando você não informa um.
      </p>
      {panel ? (
        <CategoryForm
          key={panel.kind === "edit" ? panel.category.id : "new"}
          category={panel.kind === "edit" ? panel.category : null}
          takenSlugs={categories
            .filter((c) => panel.kind !== "edit" || c.id !== panel.category.id)
            .map((c) => c.slug)}
          cancelHref={formHref(search)}
          lastResult={lastResult}
          pending={pending}
        />
      ) : null}
      {categories.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          Nenhuma categoria criada ainda
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Categorias">
          {categories.map((c) => (
            <CategoryRow key={c.id} category={c} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A category with its code and how many services use it, and 'Editar' / 'Excluir'. */
function CategoryRow({ category, search }: { category: CategoryView; search: string }) {
  return (
    <li className="flex items-center gap-2 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{category.name}</p>
        <p className="truncate text-xs text-slate-600">
          <span className="font-mono">{category.slug}</span>
          {" · "}
          {plural(category.serviceCount, "serviço", "serviços")}
        </p>
      </div>
      <Link
        to={formHref(search, { [PARAMS.editCategory]: category.id })}
        preventScrollReset
        className="rounded-lg px-2 py-1.5 text-sm font-medium text-brand hover:bg-slate-100"
        aria-label={`Editar categoria ${category.name}`}
      >
        Editar
      </Link>
      <Link
        to={formHref(search, { [PARAMS.deleteCategory]: category.id })}
        preventScrollReset
        className="rounded-lg px-2 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        aria-label={`Excluir categoria ${category.name}`}
      >
        Excluir
      </Link>
    </li>
  );
}

function CategoryForm({
  category,
  takenSlugs,
  cancelHref,
  lastResult,
  pending,
}: {
  category: CategoryView | null;
  takenSlugs: string[];
  cancelHref: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
}) {
  const [form, fields] = useForm({
    id: category ? `category-${category.id}` : "category-new",
    lastResult,
    defaultValue: category ? { nomeCategoria: category.name, codigo: category.slug } : undefined,
    onValidate: ({ formData }) => parseForm(formData, { schema: categorySchema(takenSlugs) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const title = category ? "Editar Categoria" : "Nova Categoria";
  return (
    <Form
      method="post"
      preventScrollReset
      className="space-y-3 rounded-lg border border-brand/30 bg-brand/5 p-4"
      aria-label={title}
      {...getFormProps(form)}
    >
      <h3 className="font-semibold">{title}</h3>
      <input type="hidden" name="intent" value={category ? "update-category" : "create-category"} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      {form.errors?.length ? <Alert title="Erro" text={form.errors[0]} /> : null}
      <Field
        label="Nome da Categoria *"
        errors={fields.nomeCategoria.errors}
        inputProps={{
          ...getInputProps(fields.nomeCategoria, { type: "text" }),
          placeholder: "Ex.: Cabelo",
          maxLength: 50,
          autoFocus: true,
        }}
      />
      <Field
        label="Código (opcional)"
        errors={fields.codigo.errors}
        hint="Ex.: cabelo. Em branco, é gerado a partir do nome."
        inputProps={{
          ...getInputProps(fields.codigo, { type: "text" }),
          placeholder: "cabelo",
          maxLength: 50,
          autoCapitalize: "none",
        }}
      />
      <FormFooter label="Salvar Categoria" saving={pending} cancelHref={cancelHref} keepScroll />
    </Form>
  );
}
