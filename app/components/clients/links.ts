// URLs of the clients screen. The screen's state lives in the query string so every step
// (form, delete confirmation, page, search, view) works as a plain link without JavaScript.

/** The list's own state worth keeping across a form or a confirmation: search and page. */
function listParams(from: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  const q = from.get("q")?.trim();
  if (q) kept.set("q", q);
  if (from.get("filtro") === "hora-de-voltar") kept.set("filtro", "hora-de-voltar");
  const page = from.get("pagina");
  if (page && page !== "1") kept.set("pagina", page);
  return kept;
}

/** /clientes with the list state plus the given params (null removes one). */
export function clientsHref(from: URLSearchParams, extra: Record<string, string | null> = {}) {
  const params = listParams(from);
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  return search ? `/clientes?${search}` : "/clientes";
}
