// Bad input and abuse: every action gets malformed, oversized, wrongly typed, missing,
// duplicated and hostile values, wrong content types, 10 MB bodies and cross-site posts.
// Never a 500; a 4xx page answers in pt-BR; nothing is stored from a refused request and no
// other professional's row changes. GET routes get hostile query strings and paths.
import { test, expect, type APIRequestContext } from "@playwright/test";
import { ACTION_PATHS, ACTIONS, fill, PRIVATE_GETS, PUBLIC_GETS, type ActionSpec } from "./routes";
import { expireTrial } from "../e2e/fixtures";
import { actor, BASE, EVIL, expectSafeAnswer, seedPro, signedInActor, snapshot, type SeededPro } from "./support";

const HOSTILE = {
  script: `<script>alert("xss")</script><img src=x onerror=alert(1)>`,
  sql: `' OR '1'='1'; DROP TABLE users; --`,
  unicode: `\u202Eevil\u200B\uFEFF\u0000𝕬🙂e\u0301\u0301\u0301 \u{10FFFF}`,
  wrongType: `{"$gt":""}`,
  number: "-1e309",
  oversized: "A".repeat(20_000),
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

/** Every non-intent field set to `value` (ids too, unless `keepId`). */
function hostileFields(fields: Record<string, string>, value: string, keepId: boolean) {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, k === "intent" || (keepId && k === "id") ? v : value]),
  );
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

/** Malformed multipart with a boundary: the body cannot be parsed. */
async function brokenMultipart(api: APIRequestContext, spec: ActionSpec, ctx: Ctx) {
  const res = await postForm(api, pathOf(spec, ctx), "--zzz\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nx\r\n--zz", "multipart/form-data; boundary=zzz");
  await expectSafeAnswer(res, `${spec.name} broken multipart`);
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

/** Hostile values (refused or stored as plain text, never a 500). */
async function hostile(api: APIRequestContext, spec: ActionSpec, ctx: Ctx) {
  const path = pathOf(spec, ctx);
  const fields = baseline(spec, ctx);
  const has = (k: string) => k in fields;
  const label = (k: string) => `${spec.name} ${k}`;
  const sends: [string, string][] = [];
  // Missing: nothing but the intent; and no intent at all.
  sends.push(["missing fields", encode(has("intent") ? [["intent", fields.intent!]] : [])]);
  sends.push(["no intent", encode(Object.entries(fields).filter(([k]) => k !== "intent"))]);
  sends.push(["unknown intent", encode([...Object.entries(fields).filter(([k]) => k !== "intent"), ["intent", HOSTILE.script]])]);
  sends.push(["empty body", ""]);
  for (const [kind, value] of Object.entries(HOSTILE)) {
    sends.push([kind, encode(Object.entries(hostileFields(fields, value, false)))]);
    if (has("id")) sends.push([`${kind} (own id)`, encode(Object.entries(hostileFields(fields, value, true)))]);
  }
  // Duplicated: every field twice (the real value, then a hostile one), intent included.
  sends.push(["duplicated", encode([...Object.entries(fields), ...Object.entries(hostileFields(fields, HOSTILE.sql, false)), ["intent", "delete"]])]);
  // Array and object notation, invalid percent-encoding, raw invalid UTF-8.
  sends.push(["array notation", encode(Object.entries(fields).map(([k, v]) => [`${k}[]`, v]))]);
  sends.push(["bad percent-encoding", `${encode(Object.entries(fields))}&name=%E0%A4%A&id=%ZZ&%%%=1`]);
  for (const [kind, body] of sends) {
    const res = await postForm(api, path, body);
    await expectSafeAnswer(res, label(kind));
  }
  const raw = await api.post(path, {
    data: Buffer.concat([Buffer.from(`${encode(Object.entries(fields))}&notes=`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80])]),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  await expectSafeAnswer(raw, label("invalid UTF-8"));
  // The same hostile values as multipart (the other encoding every route must read).
  const multipart = await api.post(path, { multipart: hostileFields(fields, HOSTILE.unicode, true), maxRedirects: 0 });
  await expectSafeAnswer(multipart, label("multipart unicode"));
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

for (const route of ACTION_PATHS) {
  const specs = ACTIONS.filter((a) => a.path === route.path);
  test(`fuzz ${route.path} (${specs.map((s) => s.name).join(", ")})`, async ({ playwright }) => {
    test.setTimeout(90_000);
    const [pro, bystander] = await Promise.all([seedPro("Fuzz"), seedPro("Vizinho")]);
    const ctx: Ctx = { pro, slug: pro.bookingSlug };
    if (route.suspended) await expireTrial(pro.id);
    const api = route.auth === "private" ? await signedInActor(playwright, pro.id) : await actor(playwright);
    const othersBefore = await snapshot(bystander);

    // Requests the action must never see: the professional's rows stay exactly as they were.
    const before = await snapshot(pro);
    for (const spec of specs) await undeliverable(api, spec, ctx);
    await tenMegabytes(api, specs[0]!, ctx);
    expect(await snapshot(pro), "nothing stored from a refused body").toEqual(before);

    // Oversized values in every field: refused by validation (actions that need only an
    // intent are exempt: they do what the intent says).
    // (Actions that take nothing but an intent and an id do what they say: not part of this.)
    const validated = (spec: ActionSpec) => Object.keys(baseline(spec, ctx)).some((k) => k !== "intent" && k !== "id");
    for (const spec of specs.filter((s) => !s.intentOnly && validated(s))) {
      const res = await postForm(api, pathOf(spec, ctx), encode(Object.entries(hostileFields(baseline(spec, ctx), HOSTILE.oversized, true))));
      await expectSafeAnswer(res, `${spec.name} oversized (own id)`);
      // Refused: a 4xx beside the form, or (plans) a redirect back with an error toast.
      if (res.status() < 400) expect(res.headers().location ?? "", `${spec.name} oversized refused`).toBe(spec.path);
    }
    expect(await snapshot(pro), "nothing stored from oversized values").toEqual(before);

    for (const spec of specs) await hostile(api, spec, ctx);
    if (route.auth === "private" && !route.suspended) {
      await expectEscaped(api, ["/dashboard", "/clientes", "/servicos", "/servicos?novo=1", "/agenda", "/solicitacoes", "/configuracoes/perfil", "/configuracoes/pagina", "/relatorios"]);
    }
    await expectEscaped(await actor(playwright), [`/agendamento/${(await currentSlug(pro)) ?? pro.bookingSlug}`, `/agendamento/reserva/${pro.ids.token}`]);
    expect(await snapshot(bystander), "another professional's rows unchanged").toEqual(othersBefore);
  });
}

test("fuzz: malformed multipart bodies never give a 500", async ({ playwright }) => {
  // undici's `request.formData()` throws on broken parts: the root middleware answers 400 first.
  const pro = await seedPro("Multipart");
  const ctx: Ctx = { pro, slug: pro.bookingSlug };
  const signedIn = await signedInActor(playwright, pro.id);
  const anonymous = await actor(playwright);
  for (const route of ACTION_PATHS) await brokenMultipart(route.auth === "private" ? signedIn : anonymous, route, ctx);
});

test("fuzz: cross-site document posts are refused with the app's 403, pt-BR and headers", async ({ playwright }) => {
  // React Router's own Origin check is off (allowedActionOrigins); the root middleware decides.
  const api = await actor(playwright);
  const res = await api.post("/login", { form: { email: "a@b.com", password: "x" }, headers: { Origin: EVIL }, maxRedirects: 0 });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain("Solicitação de outro site recusada.");
  expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("fuzz: a working-hours post without the week's fields is a 400, not a 500", async ({ playwright }) => {
  const pro = await seedPro("Semana");
  const api = await signedInActor(playwright, pro.id);
  for (const body of ["intent=hours", "", "intent=nada", "intent=hours&days%5B0%5D.isActive=on"]) {
    const res = await postForm(api, "/configuracoes/horarios", body);
    await expectSafeAnswer(res, `hours ${body || "(empty)"}`);
    expect(res.status()).toBe(400);
  }
});

async function currentSlug(pro: SeededPro) {
  const { e2eDb } = await import("../e2e/fixtures");
  const rows = await e2eDb().$client.execute({ sql: "SELECT booking_slug FROM profiles WHERE user_id = ?", args: [pro.id] });
  return rows.rows[0]?.booking_slug as string | undefined;
}

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
