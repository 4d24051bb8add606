import { Form, Link } from "react-router";
import { formatDuration, formatMoney } from "../../domain/money";
import type { CategoryView, ServiceStatsView, ServiceView } from "./types";
import { filterHref, listHref, NO_CATEGORY, PARAMS } from "./urls";
import { plural } from "../../domain/words";

export function StatsTiles({ stats }: { stats: ServiceStatsView }) {
  const tiles = [
    {
      label: "Serviços Ativos",
      value: String(stats.active),
      note: plural(stats.inactive, "inativo", "inativos"),
    },
    { label: "Preço Médio", value: formatMoney(stats.averagePriceCents), note: "dos serviços ativos" },
    { label: "Total", value: String(stats.total), note: "serviços cadastrados" },
    { label: "Categorias", value: String(stats.categories), note: "para organizar" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="card p-4" data-testid={`tile-${t.label}`}>
          <dt className="text-sm text-slate-600">{t.label}</dt>
          <dd className="mt-1 text-xl font-bold sm:text-2xl">{t.value}</dd>
          <dd className="text-xs text-slate-500">{t.note}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A GET form: works without JavaScript, and the URL can be shared or reloaded. */
export function SearchForm({ q, category }: { q: string; category: string }) {
  return (
    <Form method="get" action="/servicos" role="search" className="flex gap-2">
      <label htmlFor="service-search" className="sr-only">
        Buscar serviços
      </label>
      <input
        id="service-search"
        type="search"
        name={PARAMS.search}
        defaultValue={q}
        key={q}
        maxLength={100}
        placeholder="Nome ou categoria"
        className="input"
      />
      {category ? <input type="hidden" name={PARAMS.category} value={category} /> : null}
      <button type="submit" className="btn-secondary shrink-0">
        Buscar
      </button>
    </Form>
  );
}

export function CategoryFilter({
  categories,
  current,
  search,
  total,
  uncategorized,
}: {
  categories: CategoryView[];
  current: string;
  search: string;
  total: number;
  uncategorized: number;
}) {
  const items = [
    { slug: "", label: "Todos", count: total },
    ...categories.map((c) => ({ slug: c.slug, label: c.name, count: c.serviceCount })),
    ...(uncategorized ? [{ slug: NO_CATEGORY, label: "Sem categoria", count: uncategorized }] : []),
  ];
  return (
    <nav aria-label="Filtrar por categoria">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const active = item.slug === current;
          return (
            <li key={item.slug || "todos"}>
              <Link
                to={filterHref(search, item.slug)}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${
                  active
                    ? "border-brand bg-brand text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                }`}
              >
                {item.label}
                <span
                  className={`rounded-full px-1.5 text-xs ${active ? "bg-white/20" : "bg-slate-100 text-slate-600"}`}
                >
                  {item.count}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function ServiceCard({
  service,
  search,
  pending,
}: {
  service: ServiceView;
  search: string;
  pending: boolean;
}) {
  const inactive = !service.isActive;
  return (
    <li
      className={`card flex flex-col gap-3 ${inactive ? "bg-slate-50 opacity-70" : ""}`}
      data-testid="service-card"
    >
      <div className="flex items-start gap-3">
        <span
          className="mt-1 size-4 shrink-0 rounded-full ring-1 ring-black/10"
          style={{ backgroundColor: service.color }}
          title={`Cor ${service.color}`}
          aria-hidden
        />
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold">{service.name}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                service.categoryName ? "bg-brand/10 text-brand" : "bg-slate-100 text-slate-600"
              }`}
            >
              {service.categoryName ?? "Sem categoria"}
            </span>
            {inactive ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                Inativo
              </span>
            ) : null}
          </div>
        </div>
      </div>
      <p className={`line-clamp-3 text-sm ${service.description ? "text-slate-700" : "italic text-slate-500"}`}>
        {service.description || "Descrição não informada"}
      </p>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="text-lg font-bold">{formatMoney(service.priceCents)}</span>
        <span className="text-sm text-slate-600">
          <span aria-hidden>◷ </span>
          {formatDuration(service.durationMinutes)}
        </span>
        {service.requiresDeposit ? (
          <span className="text-sm text-slate-600">Sinal: {formatMoney(service.depositCents)}</span>
        ) : null}
      </div>
      <div className="mt-auto grid grid-cols-3 gap-2 border-t border-slate-100 pt-3">
        <Link to={`/servicos?${PARAMS.edit}=${service.id}`} className="btn-secondary px-2 py-2">
          Editar
        </Link>
        <Form method="post" preventScrollReset className="flex">
          <input type="hidden" name="intent" value="toggle-service" />
          <input type="hidden" name="id" value={service.id} />
          <input type="hidden" name="ativo" value={inactive ? "true" : "false"} />
          <button type="submit" className="btn-secondary w-full px-2 py-2" disabled={pending}>
            {inactive ? "Ativar" : "Desativar"}
          </button>
        </Form>
        <Link
          to={listHref(search, { [PARAMS.confirmDelete]: service.id })}
          preventScrollReset
          className="btn border border-red-200 bg-white px-2 py-2 text-red-700 hover:bg-red-50"
        >
          Excluir
        </Link>
      </div>
    </li>
  );
}
