// Security headers on every kind of response: HTML pages, data requests (.data), resource
// routes (CSV exports, /imagens/:id, .ics), 404s, redirects and error answers.
import { test, expect, type APIResponse } from "@playwright/test";
import { fill, PRIVATE_GETS, PUBLIC_GETS } from "./routes";
import { toastHeader } from "../../app/utils/toast.server";
import { actor, BASE, dayAfter, seedPro, signedInActor } from "./support";

function expectHeaders(res: APIResponse, label: string) {
  const h = res.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp, `${label}: CSP`).toContain("default-src 'self'");
  expect(csp, `${label}: CSP frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${label}: CSP object-src`).toContain("object-src 'none'");
  expect(csp, `${label}: CSP base-uri`).toContain("base-uri 'self'");
  // Inline scripts only with this answer's nonce, or (the booking page, whose HTML may be kept
  // and served again: docs/decisions/0620) by the hash of its one script.
  expect(csp, `${label}: scripts only with the nonce or their hash`).toMatch(
    /script-src 'self' ('nonce-[A-Za-z0-9+/=]{16,}'|'sha256-[A-Za-z0-9+/=]{44}')(;|$)/,
  );
  expect(csp, `${label}: no unsafe script sources`).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(h["x-content-type-options"], `${label}: nosniff`).toBe("nosniff");
  expect(h["x-frame-options"], `${label}: X-Frame-Options`).toBe("DENY");
  expect(h["referrer-policy"], `${label}: Referrer-Policy`).toMatch(/^(strict-origin-when-cross-origin|no-referrer|same-origin)$/);
}

test("headers: every public and private GET (page, .data, resource, redirect, 404)", async ({ playwright }) => {
  test.setTimeout(60_000);
  const pro = await seedPro("Cabecalho");
  const ids = { ...pro.ids, slug: pro.bookingSlug };
  const anonymous = await actor(playwright);
  const signedIn = await signedInActor(playwright, pro.id);
  const statuses = new Set<number>();
  for (const [api, paths] of [
    [anonymous, [...PUBLIC_GETS, "/dashboard", "/clientes/exportar", "/configuracoes/geral/exportar"]],
    [signedIn, [...PRIVATE_GETS, "/login", "/clientes?editar=nao-existe", "/relatorios/exportar?periodo=customizado&de=x&ate=y"]],
  ] as const) {
    for (const template of paths) {
      const path = fill(template, ids);
      const res = await api.get(path, { maxRedirects: 0 });
      statuses.add(res.status());
      expectHeaders(res, `GET ${path} (${res.status()})`);
      const [pathname, query] = path.split("?");
      if (!pathname!.includes("exportar") && !pathname!.startsWith("/imagens") && !pathname!.endsWith("/ics")) {
        const data = await api.get(`${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`, { maxRedirects: 0 });
        statuses.add(data.status());
        expectHeaders(data, `GET ${pathname}.data (${data.status()})`);
      }
    }
  }
  // Nothing personal is ever kept by a shared cache; a signed-in page not at all.
  for (const template of PRIVATE_GETS) {
    const path = fill(template, ids);
    if (path.startsWith("/imagens")) continue;
    const res = await signedIn.get(path, { maxRedirects: 0 });
    const cache = res.headers()["cache-control"] ?? "";
    expect(cache, `GET ${path}: Cache-Control`).toMatch(/private|no-store/);
    if (res.status() === 200) expect(cache, `GET ${path}: Cache-Control`).toContain("no-store");
  }
  // The sweep saw pages, redirects, client errors and not-found answers.
  for (const status of [200, 302, 400, 404]) expect([...statuses]).toContain(status);
  // Photo and CSV: also never sniffed, never framed; the photo is not for other sites.
  const image = await anonymous.get(`/imagens/${pro.ids.image}`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cross-origin-resource-policy"]).toBe("same-origin");
  const csv = await signedIn.get("/clientes/exportar");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["cache-control"]).toContain("no-store");
});

test("headers: error answers to writes (400, 404, .data) and HEAD", async ({ playwright }) => {
  const pro = await seedPro("Erros");
  const api = await signedInActor(playwright, pro.id);
  const answers: [string, APIResponse][] = [
    ["400 invalid action", await api.post("/clientes", { form: { intent: "nada" }, maxRedirects: 0 })],
    ["404 someone else's id", await api.post("/clientes", { form: { intent: "delete", id: crypto.randomUUID() }, maxRedirects: 0 })],
    ["404 POST unknown path", await api.post("/nao-existe", { form: { a: "b" }, maxRedirects: 0 })],
    ["302 after a write", await api.post("/dashboard", { form: { intent: "guide-seen" }, maxRedirects: 0 })],
    ["400 .data", await api.post("/clientes.data", { form: { intent: "nada" }, maxRedirects: 0 })],
    ["HEAD page", await api.fetch("/dashboard", { method: "HEAD", maxRedirects: 0 })],
  ];
  for (const [label, res] of answers) {
    expect(res.status(), label).toBeLessThan(500);
    expectHeaders(res, label);
  }
});

test("headers: refusals of the root middleware (403 cross-site, 413, 415) carry the headers too", async ({ playwright }) => {
  // The outer root middleware adds the headers around the inner one's refusals.
  const pro = await seedPro("Recusas");
  const api = await signedInActor(playwright, pro.id);
  const answers: [string, number, APIResponse][] = [
    ["403 cross-site", 403, await api.post("/clientes", { form: { intent: "create" }, headers: { "Sec-Fetch-Site": "cross-site", Origin: BASE }, maxRedirects: 0 })],
    ["415 json", 415, await api.post("/clientes", { data: { intent: "create" }, maxRedirects: 0 })],
    ["413 large form", 413, await api.post("/clientes", { data: `intent=create&notes=${"a".repeat(2 * 1024 * 1024)}`, headers: { "Content-Type": "application/x-www-form-urlencoded" }, maxRedirects: 0 })],
  ];
  for (const [label, status, res] of answers) {
    expect(res.status(), label).toBe(status);
    expectHeaders(res, label);
  }
});

test("caching: a booking POST's answer, which echoes what the customer typed, is never stored", async ({ playwright }) => {
  const pro = await seedPro("Cache");
  const api = await actor(playwright);
  const step1 = await api.get(`/agendamento/${pro.bookingSlug}`);
  // No shared cache keeps the booking page: the server caches the professional's data itself
  // (docs/decisions/0620), and says so.
  expect(step1.headers()["cache-control"]).toBe("no-cache");
  const form = { servico: pro.ids.service, data: dayAfter(12), horario: "10:00", name: "Ana Souza", phone: "11 98888-7777", notes: "texto pessoal" };
  const answers: [string, APIResponse][] = [
    ["400 refused name", await api.post(`/agendamento/${pro.bookingSlug}`, { form: { ...form, name: "1" }, maxRedirects: 0 })],
    ["400 incomplete", await api.post(`/agendamento/${pro.bookingSlug}`, { form: { ...form, horario: "" }, maxRedirects: 0 })],
    ["400 .data", await api.post(`/agendamento/${pro.bookingSlug}.data`, { form: { ...form, name: "1" }, maxRedirects: 0 })],
    ["302 created", await api.post(`/agendamento/${pro.bookingSlug}`, { form, maxRedirects: 0 })],
    ["409 taken", await api.post(`/agendamento/${pro.bookingSlug}`, { form: { ...form, phone: "11 97777-6666" }, maxRedirects: 0 })],
  ];
  for (const [label, res] of answers) {
    expect(res.headers()["cache-control"], label).toBe("no-store");
  }
  expect(answers.map(([, res]) => res.status())).toEqual([400, 400, 400, 302, 409]);

  // Step 1 showing a flash message clears its cookie: then it is not shareable either.
  const flash = (await toastHeader(new Request(BASE), { type: "info", title: "Aviso" })).split(";")[0]!;
  const withFlash = await api.get(`/agendamento/${pro.bookingSlug}`, { headers: { Cookie: flash } });
  expect(withFlash.headers()["set-cookie"]).toContain("__toast=");
  expect(withFlash.headers()["cache-control"]).not.toContain("public");
});
