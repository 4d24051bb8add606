/**
 * `?novo=1` opens a screen's form for a new item (agenda, clientes, serviços): query parameters
 * are Portuguese like the URLs. The spec's quick-action links (`?new=true`) still open it, so an
 * old bookmark or shared link keeps working; the app itself only writes `?novo=1`.
 */
export const NEW_FORM = "novo=1";

export function opensNewForm(params: URLSearchParams): boolean {
  return params.has("novo") || params.get("new") === "true";
}

/** The same address with `?new=true` written `?novo=1`, for a GET that used the old form; else null. */
export function withNewFormParam(request: Request): string | null {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.searchParams.get("new") !== "true" || url.pathname.endsWith(".data")) return null;
  url.searchParams.delete("new");
  url.searchParams.set("novo", "1");
  return url.pathname + url.search;
}
