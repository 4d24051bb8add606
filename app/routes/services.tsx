import { parseForm } from "../validation/parse-form";
import { NEW_FORM, opensNewForm } from "../components/new-form";
import { data, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/services";
import { CategoriesCard, type CategoryPanel } from "../components/services/categories-card";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ServiceForm } from "../components/services/service-form";
import { CategoryFilter, SearchForm, ServiceCard, StatsTiles } from "../components/services/service-list";
import type { CategoryView } from "../components/services/types";
import { formHref, listHref, PARAMS } from "../components/services/urls";
import { requireUser } from "./workspace.server";
import { getDb, type Db } from "../utils/db.server";
import { redirectWithToast, type Toast } from "../utils/toast.server";
import { CATEGORY_MESSAGES, categorySchema, serviceSchema } from "../validation/services";
import {
  createCategory,
  createService,
  deleteCategory,
  deleteService,
  getService,
  isSlugConflict,
  listCategories,
  listServices,
  setServiceActive,
  updateCategory,
  updateService,
} from "../domain/services/services.server";
import { filterServices, serviceStats } from "./services.server";
import { attemptWrite, notFound, readForm, WRITE_FAILED, writeFailed } from "../utils/actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Serviços — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const params = new URL(request.url).searchParams;
  const [services, categoryRows] = await Promise.all([
    listServices(db, user.id),
    listCategories(db, user.id),
  ]);
  const categories: CategoryView[] = categoryRows.map((c) => ({
    ...c,
    serviceCount: services.filter((s) => s.categoryId === c.id).length,
  }));
  const byId = <T extends { id: string }>(rows: T[], id: string | null) =>
    id === null ? null : (rows.find((r) => r.id === id) ?? notFound());

  // The form screen: ?novo=1 or ?editar=<id>, with the categories card beside it.
  const editId = params.get(PARAMS.edit);
  if (editId !== null || opensNewForm(params)) {
    const editCategory = byId(categories, params.get(PARAMS.editCategory));
    const deleting = byId(categories, params.get(PARAMS.deleteCategory));
    const panel: CategoryPanel = editCategory
      ? { kind: "edit", category: editCategory }
      : params.has(PARAMS.newCategory)
        ? { kind: "new" }
        : null;
    return {
      screen: "form" as const,
      service: byId(services, editId),
      categories,
      panel,
      confirmCategoryDelete: deleting,
    };
  }

  const q = (params.get(PARAMS.search) ?? "").trim().slice(0, 100);
  const category = params.get(PARAMS.category) ?? "";
  return {
    screen: "list" as const,
    services: filterServices(services, q, category),
    stats: serviceStats(services, categories.length),
    total: services.length,
    uncategorized: services.filter((s) => s.categorySlug === null).length,
    categories,
    q,
    category,
    confirmDelete: byId(services, params.get(PARAMS.confirmDelete)),
  };
}

const SERVICE_INTENTS = ["create-service", "update-service"];
const CATEGORY_INTENTS = ["create-category", "update-category"];

const success = (description: string): Toast => ({ type: "success", title: "Sucesso", description });
const failure = (description: string): Toast => ({ type: "error", title: "Erro", description });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const search = new URL(request.url).searchParams;

  switch (intent) {
    case "create-service":
    case "update-service":
      return saveService(request, db, user.id, intent, id, form);
    case "create-category":
    case "update-category":
      return saveCategory(request, db, user.id, intent, id, form, search);
    case "toggle-service": {
      const active = form.get("ativo");
      if (active !== "true" && active !== "false") throw data("Ação inválida.", { status: 400 });
      const word = active === "true" ? "ativado" : "desativado";
      const row = await attemptWrite(WRITE_LABEL, () => setServiceActive(db, user.id, id, active === "true"));
      if (row === WRITE_FAILED) return redirectWithToast(request, listHref(search), failure("Erro ao atualizar serviço."));
      if (!row) notFound();
      return redirectWithToast(request, listHref(search), success(`Serviço ${word} com sucesso.`));
    }
    case "delete-service": {
      const row = await attemptWrite(WRITE_LABEL, () => deleteService(db, user.id, id));
      if (row === WRITE_FAILED) return redirectWithToast(request, listHref(search), failure("Erro ao remover serviço."));
      if (!row) notFound();
      return redirectWithToast(request, listHref(search), success("Serviço removido com sucesso."));
    }
    case "delete-category": {
      const row = await attemptWrite(WRITE_LABEL, () => deleteCategory(db, user.id, id));
      if (row === WRITE_FAILED) return redirectWithToast(request, formHref(search), failure("Erro ao remover categoria"));
      if (!row) notFound();
      return redirectWithToast(request, formHref(search), success("Categoria removida com sucesso"));
    }
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}

/** What the log says of a write that failed; the user reads 'Erro ao ...'. */
const WRITE_LABEL = "servicos: write";

async function saveService(
  request: Request,
  db: Db,
  userId: string,
  intent: "create-service" | "update-service",
  id: string,
  form: FormData,
) {
  const categories = await listCategories(db, userId);
  // Someone else's (or a missing) service is a 404 before anything else is looked at.
  if (intent === "update-service" && !(await getService(db, userId, id))) notFound();
  const submission = parseForm(form, { schema: serviceSchema(categories) });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  const { newCategory, ...fields } = submission.value;
  const row = await attemptWrite(WRITE_LABEL, () =>
    intent === "create-service"
      ? createService(db, userId, fields, newCategory)
      : updateService(db, userId, id, fields, newCategory),
  );
  if (row === WRITE_FAILED) {
    const text = intent === "create-service" ? "Erro ao criar serviço." : "Erro ao atualizar serviço.";
    return writeFailed({ intent, result: submission.reply({ formErrors: [text] }) });
  }
  if (!row) notFound();
  return redirectWithToast(
    request,
    "/servicos",
    success(intent === "create-service" ? "Serviço criado com sucesso." : "Serviço atualizado com sucesso."),
  );
}

async function saveCategory(
  request: Request,
  db: Db,
  userId: string,
  intent: "create-category" | "update-category",
  id: string,
  form: FormData,
  search: URLSearchParams,
) {
  const categories = await listCategories(db, userId);
  if (intent === "update-category" && !categories.some((c) => c.id === id)) notFound();
  const taken = categories.filter((c) => c.id !== id).map((c) => c.slug);
  const submission = parseForm(form, { schema: categorySchema(taken) });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  const row = await attemptWrite(
    "servicos: category write",
    () => (intent === "create-category" ? createCategory(db, userId, submission.value) : updateCategory(db, userId, id, submission.value)),
    // Another tab took the same code between our check and the write.
    (error) => (isSlugConflict(error) ? ("slug-taken" as const) : undefined),
  );
  if (row === "slug-taken") {
    return data({ intent, result: submission.reply({ fieldErrors: { codigo: [CATEGORY_MESSAGES.slugTaken] } }) }, { status: 400 });
  }
  if (row === WRITE_FAILED) {
    const text = intent === "create-category" ? "Erro ao criar categoria" : "Erro ao atualizar categoria";
    return writeFailed({ intent, result: submission.reply({ formErrors: [text] }) });
  }
  if (!row) notFound();
  return redirectWithToast(
    request,
    formHref(search),
    success(intent === "create-category" ? "Categoria criada com sucesso" : "Categoria atualizada com sucesso"),
  );
}

export default function Services() {
  const loaderData = useLoaderData<typeof loader>();
  return loaderData.screen === "form" ? (
    <FormScreen data={loaderData} />
  ) : (
    <ListScreen data={loaderData} />
  );
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** Which intent is being submitted right now, to say 'Salvando...' on the right button. */
function usePendingIntent() {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
}

function FormScreen({ data }: { data: Extract<LoaderData, { screen: "form" }> }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = usePendingIntent();
  const search = formSearch(data.service);
  const result = (intents: string[]) =>
    navigation.state === "idle" && actionData && intents.includes(actionData.intent)
      ? actionData.result
      : null;
  const deleting = data.confirmCategoryDelete;
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="space-y-1">
        <Link to="/servicos" className="btn-link inline-flex items-center gap-1">
          <span aria-hidden>←</span> Voltar para Serviços
        </Link>
        <h1 className="text-2xl font-bold sm:text-3xl">{data.service ? "Editar Serviço" : "Novo Serviço"}</h1>
      </header>
      <div className="grid gap-5 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <ServiceForm
            service={data.service}
            categories={data.categories}
            lastResult={result(SERVICE_INTENTS)}
            pending={pending !== null && SERVICE_INTENTS.includes(pending)}
          />
        </div>
        <CategoriesCard
          categories={data.categories}
          panel={data.panel}
          search={search}
          lastResult={result(CATEGORY_INTENTS)}
          pending={pending !== null && CATEGORY_INTENTS.includes(pending)}
        />
      </div>
      {deleting ? (
        <ConfirmDialog
          title="Excluir categoria"
          question={`Tem certeza que deseja excluir a categoria "${deleting.name}"?`}
          intent="delete-category"
          id={deleting.id}
          confirmLabel="Excluir Categoria"
          cancelHref={formHref(search)}
        >
          <p className="text-sm text-slate-600">
            {deleting.serviceCount === 0
              ? "Nenhum serviço usa esta categoria."
              : deleting.serviceCount === 1
                ? "O serviço desta categoria não será excluído: ele ficará sem categoria."
                : `Os ${deleting.serviceCount} serviços desta categoria não serão excluídos: eles ficarão sem categoria.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The form screen's own URL state, rebuilt from the loader data (same on server and client). */
function formSearch(service: { id: string } | null) {
  return service ? `${PARAMS.edit}=${service.id}` : NEW_FORM;
}

type ListData = Extract<LoaderData, { screen: "list" }>;

function ListScreen({ data }: { data: ListData }) {
  const pending = usePendingIntent();
  const search = listSearch(data.q, data.category);
  const confirm = data.confirmDelete;
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Serviços</h1>
          <p className="text-slate-600">Preços, durações e categorias do que você oferece</p>
        </div>
        <Link to={`/servicos?${NEW_FORM}`} className="btn-primary">
          + Novo Serviço
        </Link>
      </header>
      <StatsTiles stats={data.stats} />
      {data.total === 0 ? (
        <div className="card flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-lg font-semibold">Nenhum serviço cadastrado</p>
          <p className="max-w-sm text-sm text-slate-600">
            Cadastre o que você oferece com preço e duração para começar a receber agendamentos.
          </p>
          <Link to={`/servicos?${NEW_FORM}`} className="btn-primary">
            Criar Primeiro Serviço
          </Link>
        </div>
      ) : (
        <>
          <div className="space-y-3">
            <SearchForm q={data.q} category={data.category} />
            <CategoryFilter
              categories={data.categories}
              current={data.category}
              search={search}
              total={data.total}
              uncategorized={data.uncategorized}
            />
          </div>
          <ServiceResults services={data.services} search={search} pending={pending === "toggle-service"} />
        </>
      )}
      {confirm ? (
        <ConfirmDialog
          title="Excluir serviço"
          question="Tem certeza que deseja excluir este serviço?"
          intent="delete-service"
          id={confirm.id}
          confirmLabel="Excluir"
          cancelHref={listHref(search)}
        >
          <p className="font-semibold">{confirm.name}</p>
          <p className="text-sm text-slate-600">
            Agendamentos já feitos continuam no histórico com o nome e o preço deste serviço.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The services for the search and category, or 'Nenhum serviço encontrado'. */
function ServiceResults({ services, search, pending }: { services: ListData["services"]; search: string; pending: boolean }) {
  if (services.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-lg font-semibold">Nenhum serviço encontrado</p>
        <p className="text-sm text-slate-600">Tente outra busca ou outra categoria.</p>
        <Link to="/servicos" className="btn-secondary">
          Limpar filtros
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="lista-servicos">
      {/* The cards' names are h3: the list has its heading, read by screen readers only. */}
      <h2 id="lista-servicos" className="sr-only">
        Lista de serviços
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
        {services.map((service) => (
          <ServiceCard key={service.id} service={service} search={search} pending={pending} />
        ))}
      </ul>
    </section>
  );
}

/** The list's filters as a query string, from the loader data (same on server and client). */
function listSearch(q: string, category: string) {
  const params = new URLSearchParams();
  if (q) params.set(PARAMS.search, q);
  if (category) params.set(PARAMS.category, category);
  return params.toString();
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
