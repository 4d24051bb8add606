/**
 * The services screen keeps its state in the URL so every step works without JavaScript:
 * list filters (`q`, `categoria`), the form (`novo`, `editar`), the category panel
 * (`nova-categoria`, `editar-categoria`) and confirmations (`confirmar-exclusao`,
 * `excluir-categoria`).
 */
export const PARAMS = {
  search: "q",
  category: "categoria",
  isNew: "novo",
  edit: "editar",
  confirmDelete: "confirmar-exclusao",
  newCategory: "nova-categoria",
  editCategory: "editar-categoria",
  deleteCategory: "excluir-categoria",
} as const;

/** The `categoria` filter value for services without a category (no slug can be this). */
export const NO_CATEGORY = "_sem";

const LIST_KEYS = [PARAMS.search, PARAMS.category];
const FORM_KEYS = [PARAMS.isNew, PARAMS.edit];

function keep(search: URLSearchParams | string, keys: string[]) {
  const from = new URLSearchParams(search);
  const to = new URLSearchParams();
  for (const key of keys) {
    const value = from.get(key);
    if (value) to.set(key, value);
  }
  return to;
}

function href(params: URLSearchParams) {
  const qs = params.toString();
  return qs ? `/servicos?${qs}` : "/servicos";
}

/** The list with its current filters, plus `extra` (e.g. a confirmation). */
export function listHref(search: URLSearchParams | string, extra: Record<string, string> = {}) {
  const params = keep(search, LIST_KEYS);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return href(params);
}

/** The service form being shown (new or editing), plus `extra` (a category panel). */
export function formHref(search: URLSearchParams | string, extra: Record<string, string> = {}) {
  const params = keep(search, FORM_KEYS);
  if (params.has(PARAMS.edit)) params.delete(PARAMS.isNew);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return href(params);
}

/** The list filtered by a category slug ('' for all), keeping the search. */
export function filterHref(search: URLSearchParams | string, categorySlug: string) {
  const params = keep(search, [PARAMS.search]);
  if (categorySlug) params.set(PARAMS.category, categorySlug);
  return href(params);
}
