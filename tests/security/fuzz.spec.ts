// Bad input and abuse over HTTP. Every action's hostile values (malformed, oversized, wrongly
// typed, missing, duplicated), wrong content types and cross-site posts run in-process
// (tests/integration/hostile-input.test.ts); here what needs the real server: a sample of actions
// with wrong and 10 MB bodies through the socket, stored markup rendered as text, hostile query
// strings, paths and methods, and the origin check with its headers. Never a 500; a 4xx page
// answers in pt-BR; nothing is stored from a refused request and no other professional's row
// changes.
import { test, expect, type APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { appointments, bookingRequests, categories, clients, profiles, services } from "../../db/schema";
import { ACTIONS, fill, PRIVATE_GETS, PUBLIC_GETS, type ActionSpec } from "./routes";
import { e2eDb } from "../e2e/fixtures";
import { actor, BASE, EVIL, expectSafeAnswer, seedPro, signedInActor, snapshot, type SeededPro } from "./support";

const HOSTILE = {
  script: `<script>alert("xss")</script><img src=x onerror=alert(1)>`,
  sql: `' OR '1'='1'; DROP TABLE users; --`,
  unicode: `\u202Eevil\u200B\uFEFF\u0000𝕬🙂e\u0301\u0301\u0301 \u{10FFFF}`,
} as const;

const MB10 = 10 * 1024 * 1024;

function encode(pairs: [string, string][]) {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

type Ctx = { pro: SeededPro; slug: string };

function baseline(spec: ActionSpec, ctx: Ctx) {
  return spec.fields(ctx.pro.ids, { date: ctx.pro.date, slug: ctx.slug });
}

function pathOf(spec: ActionSpec, ctx: Ctx) {
  return fill(spec.path, { ...ctx.pro.ids, slug: ctx.slug });
}

async function postForm(api: APIRequestContext, path: string, body: string, contentType = "application/x-www-form-urlencoded", headers: Record<string, string> = {}) {
  return api.post(path, { data: body, headers: { "Content-Type": contentType, ...headers }, maxRedirects: 0 });
}

/** Bodies that must never reach the action: nothing may change. */
async function undeliverable(api: APIRequestContext, spec: ActionSpec, ctx: Ctx) {
  const path = pathOf(spec, ctx);
  const fields = baseline(spec, ctx);
  const label = (k: string) => `${spec.name} ${k}`;
  const json = await postForm(api, path, JSON.stringify(fields), "application/json");
  await expectSafeAnswer(json, label("json body"));
  const text = await postForm(api, path, encode(Object.entries(fields)), "text/plain");
  await expectSafeAnswer(text, label("text/plain body"));
  const xml = await postForm(api, path, `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`, "application/xml");
  await expectSafeAnswer(xml, label("xml body"));
  const none = await api.post(path, { data: Buffer.from(encode(Object.entries(fields))), maxRedirects: 0 });
  await expectSafeAnswer(none, label("no content type"));
  const noBoundary = await postForm(api, path, "garbage", "multipart/form-data");
  await expectSafeAnswer(noBoundary, label("multipart without boundary"));
  if (spec.auth !== "public" || spec.path !== "/stripe/webhook") {
    for (const res of [json, text, xml, none, noBoundary]) expect(res.status(), `${spec.name}: refused`).toBeGreaterThanOrEqual(400);
  }
  // Cross-site: a foreign Origin, and a browser's Fetch Metadata without Origin.
  const foreign = await postForm(api, path, encode(Object.entries(fields)), undefined, { Origin: EVIL });
  expect(foreign.status(), label("foreign origin refused")).toBeGreaterThanOrEqual(400);
  expect(foreign.status(), label("foreign origin refused")).toBeLessThan(500);
  const crossSite = await postForm(api, path, encode(Object.entries(fields)), undefined, { Origin: BASE, "Sec-Fetch-Site": "cross-site" });
  expect(crossSite.status(), label("cross-site refused")).toBe(403);
  await expectSafeAnswer(crossSite, label("cross-site"));
  expect(await crossSite.text()).toContain("Solicitação de outro site recusada.");
}

/** The professional's pages never carry a stored script as markup. */
async function expectEscaped(api: APIRequestContext, paths: string[]) {
  for (const path of paths) {
    const res = await api.get(path, { maxRedirects: 0 });
    expect(res.status(), `${path}: status`).toBeLessThan(500);
    const body = await res.text();
    expect(body, `${path}: stored script rendered as markup`).not.toContain(`<script>alert("xss")`);
    expect(body, `${path}: stored markup rendered`).not.toContain("<img src=x onerror");
  }
}

async function tenMegabytes(api: APIRequestContext, spec: ActionSpec, ctx: Ctx) {
  const fields = baseline(spec, ctx);
  const form = `${encode(Object.entries(fields))}&notes=${"a".repeat(MB10)}`;
  const res = await postForm(api, pathOf(spec, ctx), form);
  await expectSafeAnswer(res, `${spec.name} 10 MB form`);
  expect(res.status(), `${spec.name} 10 MB form refused`).toBeGreaterThanOrEqual(400);
  const multipart = await api.post(pathOf(spec, ctx), {
    multipart: { ...fields, notes: "a".repeat(MB10) },
    maxRedirects: 0,
  });
  await expectSafeAnswer(multipart, `${spec.name} 10 MB multipart`);
  expect(multipart.status(), `${spec.name} 10 MB multipart refused`).toBeGreaterThanOrEqual(400);
}

/**
 * The routes of the HTTP sample: a signed-out form, the public booking page, a workspace form and
 * the photo upload (which reads its own multipart body). Every action gets the same bodies
 * in-process in tests/integration/hostile-input.test.ts; over the wire the socket, the server
 * entry's body limit and the answers' pages are real.
 */
const SAMPLE = ["login", "booking", "clients create", "settings photo upload"];

test("fuzz over HTTP: wrong bodies, 10 MB bodies and cross-site posts on a sample of actions", async ({ playwright }) => {
  test.setTimeout(90_000);
  const [pro, bystander] = await Promise.all([seedPro("Fuzz"), seedPro("Vizinho")]);
  const ctx: Ctx = { pro, slug: pro.bookingSlug };
  const [signedIn, anonymous] = [await signedInActor(playwright, pro.id), await actor(playwright)];
  const othersBefore = await snapshot(bystander);
  const before = await snapshot(pro);
  for (const name of SAMPLE) {
    const spec = ACTIONS.find((a) => a.name === name)!;
    const api = spec.auth === "private" ? signedIn : anonymous;
    await undeliverable(api, spec, ctx);
    await tenMegabytes(api, spec, ctx);
  }
  expect(await snapshot(pro), "nothing stored from a refused body").toEqual(before);
  expect(await snapshot(bystander), "another professional's rows unchanged").toEqual(othersBefore);
});

/**
 * Issue 32, finding 1: a post of a few dozen bytes whose one field name asks for a list of 100,000,001 rows
 * stalled the worker for over a minute and then killed it; every form's crafted names are refused
 * with the one message before anything is parsed, and the answer carries nothing unasked. The
 * booking page answers all along (every action's names run in-process in hostile-input.test.ts).
 */
test("fuzz: list indices no form has are a 400 before parsing, on the public forms and the closing", async ({ playwright }) => {
  const pro = await seedPro("Indices");
  const [signedIn, anonymous] = [await signedInActor(playwright, pro.id), await actor(playwright)];
  const crafted = "intent=login&email=a%40b.c&password=x&zz%5B100000000%5D=1";
  const posts = [
    ...["/login", "/register", "/redefinir-senha"].map((path) => [anonymous, path, crafted] as const),
    [signedIn, "/caixa/fechar", encode([["intent", "close"], ["id", pro.ids.appointment], ["pagamentos[100000000].metodo", "pix"]])] as const,
    [anonymous, "/login", "intent=login&email=a%40b.c&password=x&zz%5B1000000%5D=1"] as const,
  ];
  for (const [api, path, body] of posts) {
    const [answer, page] = await Promise.all([postForm(api, path, body), anonymous.get(`/agendamento/${pro.bookingSlug}`)]);
    await expectSafeAnswer(answer, `${path} ${body}`);
    expect(answer.status(), path).toBe(400);
    const html = await answer.text();
    expect(html).toContain("O formulário enviado tem campos que a página não envia.");
    expect(html.length, `${path}: the answer echoes nothing`).toBeLessThan(64 * 1024);
    expect(page.status(), "the booking page meanwhile").toBe(200);
  }
});

const STORED = HOSTILE.script;

test("fuzz: stored hostile text is text on every page of the professional and the customer", async ({ playwright }) => {
  // Whatever validation lets through is stored as typed: every text a page shows, set to markup.
  const pro = await seedPro("Texto");
  const db = e2eDb();
  await db
    .update(profiles)
    .set({ businessName: STORED, specialty: STORED, address: STORED, city: STORED, pageTitle: STORED, pageDescription: STORED, welcomeMessage: STORED, businessAddress: STORED })
    .where(eq(profiles.userId, pro.id));
  await db.update(clients).set({ name: STORED, notes: STORED, address: STORED }).where(eq(clients.id, pro.ids.client));
  await db.update(services).set({ name: STORED, description: STORED }).where(eq(services.id, pro.ids.service));
  await db.update(categories).set({ name: STORED }).where(eq(categories.id, pro.ids.category));
  await db.update(appointments).set({ serviceName: STORED, notes: STORED }).where(eq(appointments.id, pro.ids.appointment));
  await db.update(bookingRequests).set({ customerName: STORED, serviceName: STORED, notes: STORED }).where(eq(bookingRequests.id, pro.ids.request));
  const signedIn = await signedInActor(playwright, pro.id);
  await expectEscaped(signedIn, [
    "/dashboard",
    "/clientes",
    `/clientes?ver=${pro.ids.client}`,
    "/servicos",
    "/servicos?novo=1",
    `/agenda?periodo=customizado&de=${pro.date}&ate=${pro.date}`,
    `/agenda?vista=semana&data=${pro.date}`,
    "/solicitacoes",
    "/configuracoes/perfil",
    "/configuracoes/pagina",
    "/relatorios",
  ]);
  await expectEscaped(await actor(playwright), [`/agendamento/${pro.bookingSlug}`, `/agendamento/reserva/${pro.ids.token}`]);
});

test("fuzz: cross-site document posts are refused with the app's 403, pt-BR and headers", async ({ playwright }) => {
  // React Router's own Origin check is off (allowedActionOrigins); the root middleware decides.
  const api = await actor(playwright);
  const res = await api.post("/login", { form: { email: "a@b.com", password: "x" }, headers: { Origin: EVIL }, maxRedirects: 0 });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain("Solicitação de outro site recusada.");
  expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

// ------------------------------------------------------------------ GET routes

const HOSTILE_QUERY = [
  `?q=${encodeURIComponent(HOSTILE.script)}`,
  `?pagina=-1e309&periodo=${encodeURIComponent(HOSTILE.sql)}&de=9999-99-99&ate=0000-00-00`,
  `?editar=${encodeURIComponent(HOSTILE.sql)}`,
  `?visao=${encodeURIComponent(HOSTILE.unicode)}&servico=%00&data=2024-02-30&horario=25:61`,
  `?x=${"A".repeat(6_000)}`,
  "?a=%E0%A4%A&b=%ZZ",
  "?tab[]=perfil&tab=perfil&tab=x",
];

test("fuzz: every GET route with hostile query strings", async ({ playwright }) => {
  test.setTimeout(90_000);
  const pro = await seedPro("Consulta");
  const signedIn = await signedInActor(playwright, pro.id);
  const anonymous = await actor(playwright);
  const before = await snapshot(pro);
  const ids = { ...pro.ids, slug: pro.bookingSlug };
  for (const [api, paths] of [
    [anonymous, PUBLIC_GETS],
    [signedIn, PRIVATE_GETS],
  ] as const) {
    for (const [i, template] of paths.entries()) {
      const path = fill(template, ids);
      // Sampled: each route gets two hostile query strings, every query string is used.
      for (const query of [HOSTILE_QUERY[i % HOSTILE_QUERY.length]!, HOSTILE_QUERY[(i + 3) % HOSTILE_QUERY.length]!]) {
        const url = path.includes("?") ? `${path}&${query.slice(1)}` : `${path}${query}`;
        const res = await api.get(url, { maxRedirects: 0 });
        await expectSafeAnswer(res, `GET ${url.slice(0, 120)}`);
        const body = await res.text();
        expect(body, `GET ${url.slice(0, 80)} reflects markup`).not.toContain(`<script>alert("xss")`);
      }
    }
  }
  expect(await snapshot(pro), "a GET changes nothing").toEqual(before);
});

test("fuzz: hostile paths and methods", async ({ playwright }) => {
  const pro = await seedPro("Caminho");
  const api = await signedInActor(playwright, pro.id);
  const paths = [
    "/%00",
    "/agendamento/%27%20OR%201%3D1--",
    `/agendamento/${encodeURIComponent(HOSTILE.script)}`,
    "/agendamento/reserva/%27%20OR%201%3D1--/ics",
    "/imagens/..%2F..%2Fetc%2Fpasswd",
    "/imagens/00000000-0000-0000-0000-000000000000.data",
    `/${"a".repeat(4000)}`,
    "/clientes.data?editar=nao-existe",
    "/agenda.data?editar=%27",
    "/nao-existe.data",
    "/_root.data",
  ];
  for (const path of paths) {
    const res = await api.get(path, { maxRedirects: 0 });
    await expectSafeAnswer(res, `GET ${path.slice(0, 80)}`);
    expect(res.status(), `GET ${path.slice(0, 80)}`).toBeGreaterThanOrEqual(200);
  }
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    const res = await api.fetch("/clientes", {
      method,
      data: `intent=delete&id=${pro.ids.client}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    await expectSafeAnswer(res, `${method} /clientes`);
  }
  const head = await api.fetch("/dashboard", { method: "HEAD", maxRedirects: 0 });
  expect(head.status()).toBeLessThan(500);
});

test("fuzz: the origin check itself", async ({ playwright }) => {
  const pro = await seedPro("Origem");
  const session = await signedInActor(playwright, pro.id);
  const before = await snapshot(pro);
  const path = "/clientes";
  const body = `intent=delete&id=${pro.ids.client}`;
  for (const headers of [
    { Origin: EVIL } as Record<string, string>,
    { Origin: `${BASE}.evil.example` },
    { Origin: BASE.replace("http:", "https:") },
    { Origin: "http://localhost" },
    { Origin: "not a url" },
    { Origin: BASE, "Sec-Fetch-Site": "cross-site" },
  ]) {
    const res = await postForm(session, path, body, undefined, headers);
    expect(res.status(), `refused with ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(400);
    expect(res.status(), `refused with ${JSON.stringify(headers)}`).toBeLessThan(500);
  }
  expect(await snapshot(pro)).toEqual(before);
  // Same origin (and same-site Fetch Metadata) goes through.
  const ok = await postForm(session, path, body, undefined, { "Sec-Fetch-Site": "same-origin" });
  expect(ok.status()).toBe(302);
  expect(await snapshot(pro)).not.toEqual(before);
});
