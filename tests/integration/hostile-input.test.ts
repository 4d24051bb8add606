// Bad input and abuse, in-process: every action of the route table (tests/security/routes.ts)
// gets malformed, oversized, wrongly typed, missing, duplicated and hostile values, bodies of
// the wrong type or unreadable, and cross-site posts, through the app as the server runs it
// (tests/support/dispatch.ts). Never a server error; refusals in pt-BR; nothing is stored from a
// refused request, and no other professional's row changes. What needs a real server (10 MB
// bodies on the socket, headers, stored values rendered as text, hostile paths and query
// strings) is tests/security/fuzz.spec.ts.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema";
import type { Db } from "../../app/utils/db.server";
import { ACTION_PATHS, ACTIONS, fill, type ActionSpec } from "../security/routes";
import { createTestDb, ORIGIN } from "../support/db";
import { dispatch, type Answer } from "../support/dispatch";
import { ENGLISH_ERROR_TEXT } from "../support/replies";
import { BODY_MESSAGES } from "../../app/utils/security.server";
import { signIn } from "../support/routes";
import { seedProfessional, snapshotOf, type SeededPro } from "../support/seed";

const HOSTILE = {
  script: `<script>alert("xss")</script><img src=x onerror=alert(1)>`,
  sql: `' OR '1'='1'; DROP TABLE users; --`,
  unicode: `\u202Eevil\u200B\uFEFF\u0000𝕬🙂e\u0301\u0301\u0301 \u{10FFFF}`,
  wrongType: `{"$gt":""}`,
  number: "-1e309",
  oversized: "A".repeat(20_000),
} as const;

type Ctx = { db: Db; pro: SeededPro; cookie?: string };
type Body = string | Uint8Array | FormData;

function encode(pairs: [string, string][]) {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

const baseline = (spec: ActionSpec, { pro }: Ctx) => spec.fields(pro.ids, { date: pro.date, slug: pro.bookingSlug });
const pathOf = (spec: ActionSpec, { pro }: Ctx) => fill(spec.path, { ...pro.ids, slug: pro.bookingSlug });

/** Every non-intent field set to `value` (ids too, unless `keepId`). */
function hostileFields(fields: Record<string, string>, value: string, keepId: boolean) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, k === "intent" || (keepId && k === "id") ? v : value]));
}

/** A value no reply may carry back: it is sent only in fields the forms do not have. */
const UNASKED = "campo-nao-pedido-7f3a";

let sent = 0;

/**
 * A POST as a browser's form sends it (same origin, urlencoded unless told otherwise), each from
 * a client address of its own so that rate limits never stand in for the checks under test.
 */
function post(ctx: Ctx, path: string, body: Body, contentType: string | null = "application/x-www-form-urlencoded", headers: Record<string, string> = {}) {
  const all = new Headers({ Origin: ORIGIN, ...headers });
  if (contentType && !(body instanceof FormData)) all.set("Content-Type", contentType);
  if (ctx.cookie) all.set("Cookie", ctx.cookie);
  sent += 1;
  const address = `198.18.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`;
  return dispatch(ctx.db, new Request(`${ORIGIN}${path}`, { method: "POST", headers: all, body: body as BodyInit }), address);
}

/** Never a server error; a refusal says nothing in English (its text is the page a person sees). */
function expectSafe(answer: Answer, label: string) {
  expect(answer.status, `${label}: status`).toBeLessThan(500);
  if (answer.status >= 400 && !label.startsWith("stripe webhook")) {
    const value = answer.value;
    const text = typeof value === "string" ? value : JSON.stringify(value instanceof Response ? null : value) ?? "";
    expect(text.match(ENGLISH_ERROR_TEXT)?.[0] ?? null, `${label}: English error text (${answer.status})`).toBeNull();
  }
}

/** Bodies and posts the action must never see. */
async function undeliverable(ctx: Ctx, spec: ActionSpec) {
  const path = pathOf(spec, ctx);
  const fields = baseline(spec, ctx);
  const form = encode(Object.entries(fields));
  const label = (k: string) => `${spec.name} ${k}`;
  const refused = [
    [await post(ctx, path, JSON.stringify(fields), "application/json"), "json body"],
    [await post(ctx, path, form, "text/plain"), "text/plain body"],
    [await post(ctx, path, `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`, "application/xml"), "xml body"],
    [await post(ctx, path, new TextEncoder().encode(form), null), "no content type"],
    [await post(ctx, path, "garbage", "multipart/form-data"), "multipart without boundary"],
    [await post(ctx, path, `--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--zz`, "multipart/form-data; boundary=zzz"), "broken multipart"],
    [await post(ctx, path, `${form}&notes=${"a".repeat(1024 * 1024)}`), "form over 1 MB"],
  ] as const;
  // Field names no form has: a list index past the longest list (conform would build an array of
  // 100,000,001 slots and echo it), names nested too deep, a broken name, on a real field and on
  // one the form does not have: a 400 with the one message, before anything is parsed.
  const named = Object.keys(fields).find((k) => k !== "intent") ?? "nome";
  const shapes = [`zz[100000000]`, `${named}[100000000].x`, "a[0][0][0][0][0]", `${named}[__proto__]`, "a[1e9]"];
  // (A route that finds nothing to act on answers 404 before reading any form; logout reads none.)
  for (const name of shapes) {
    const answer = await post(ctx, path, `${form}&${encodeURIComponent(name)}=1`);
    expectSafe(answer, label(`field ${name}`));
    expect(JSON.stringify(answer.value instanceof Response ? null : answer.value)?.length ?? 0, label(`field ${name}: answer size`)).toBeLessThan(2048);
    if (answer.status === 404 || spec.name === "logout") continue;
    expect(answer.status, label(`field ${name}`)).toBe(400);
    expect(answer.value, label(`field ${name} message`)).toMatchObject({ data: BODY_MESSAGES.formShape });
  }
  for (const [answer, kind] of refused) {
    expectSafe(answer, label(kind));
    // Stripe's webhook reads its own JSON body; a broken multipart part may be read as text.
    if (spec.path !== "/stripe/webhook" && kind !== "broken multipart") expect(answer.status, label(`${kind} refused`)).toBeGreaterThanOrEqual(400);
  }
  const foreign = await post(ctx, path, form, undefined, { Origin: "https://evil.example" });
  expectSafe(foreign, label("foreign origin"));
  expect(foreign.status, label("foreign origin refused")).toBeGreaterThanOrEqual(400);
  const crossSite = await post(ctx, path, form, undefined, { "Sec-Fetch-Site": "cross-site" });
  expect(crossSite.status, label("cross-site refused")).toBe(403);
  expect(crossSite.value, label("cross-site message")).toMatchObject({ data: "Solicitação de outro site recusada." });
}

/** Hostile values: refused or stored as plain text, never a server error. */
async function hostile(ctx: Ctx, spec: ActionSpec) {
  const path = pathOf(spec, ctx);
  const fields = baseline(spec, ctx);
  const has = (k: string) => k in fields;
  const sends: [string, Body][] = [
    // Missing: nothing but the intent; no intent at all; an unknown one; nothing.
    ["missing fields", encode(has("intent") ? [["intent", fields.intent!]] : [])],
    ["no intent", encode(Object.entries(fields).filter(([k]) => k !== "intent"))],
    ["unknown intent", encode([...Object.entries(fields).filter(([k]) => k !== "intent"), ["intent", HOSTILE.script]])],
    ["empty body", ""],
  ];
  for (const [kind, value] of Object.entries(HOSTILE)) {
    sends.push([kind, encode(Object.entries(hostileFields(fields, value, false)))]);
    if (has("id")) sends.push([`${kind} (own id)`, encode(Object.entries(hostileFields(fields, value, true)))]);
  }
  // Duplicated: every field twice (the real value, then a hostile one), intent included.
  sends.push(["duplicated", encode([...Object.entries(fields), ...Object.entries(hostileFields(fields, HOSTILE.sql, false)), ["intent", "delete"]])]);
  // Array and object notation, invalid percent-encoding, raw invalid UTF-8.
  sends.push(["array notation", encode(Object.entries(fields).map(([k, v]) => [`${k}[]`, v]))]);
  sends.push(["bad percent-encoding", `${encode(Object.entries(fields))}&name=%E0%A4%A&id=%ZZ&%%%=1`]);
  const prefix = new TextEncoder().encode(`${encode(Object.entries(fields))}&notes=`);
  sends.push(["invalid UTF-8", new Uint8Array([...prefix, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80])]);
  // The same hostile values as multipart, the other encoding every route must read.
  const multipart = new FormData();
  for (const [k, v] of Object.entries(hostileFields(fields, HOSTILE.unicode, true))) multipart.append(k, v);
  sends.push(["multipart unicode", multipart]);
  for (const [kind, body] of sends) expectSafe(await post(ctx, path, body), `${spec.name} ${kind}`);
  // Fields the form does not have are never echoed back (names or values), nor conform's own
  // controls, which the server drops: a crafted intent is no 500 either.
  const unasked = encode([
    ...Object.entries(fields),
    ["eco", UNASKED],
    [`zz[99]`, UNASKED],
    [`${UNASKED}[3]`, "1"],
    ["__intent__", `{"type":"update","payload":{"name":"zz[90]","value":"${UNASKED}"}}`],
    ["__state__", `{"${UNASKED}":1}`],
  ]);
  const answer = await post(ctx, path, unasked);
  expectSafe(answer, `${spec.name} unasked fields`);
  expect(JSON.stringify(answer.value instanceof Response ? null : answer.value) ?? "", `${spec.name} unasked fields echoed`).not.toContain(UNASKED);
  expectSafe(await post(ctx, path, encode([...Object.entries(fields), ["__intent__", "{not json"]])), `${spec.name} broken conform intent`);
}

/** The professional's screens and public pages still answer once hostile values are stored. */
async function pagesStillAnswer(ctx: Ctx, route: ActionSpec) {
  const paths = [`/agendamento/${ctx.pro.bookingSlug}`, `/agendamento/reserva/${ctx.pro.ids.token}`];
  if (route.auth === "private" && !route.suspended) {
    paths.push("/dashboard", "/clientes", "/servicos", "/servicos?novo=1", "/agenda", "/solicitacoes", "/configuracoes/perfil", "/configuracoes/pagina", "/relatorios");
  }
  for (const path of paths) {
    const headers = new Headers(ctx.cookie ? { Cookie: ctx.cookie } : {});
    expectSafe(await dispatch(ctx.db, new Request(`${ORIGIN}${path}`, { headers })), `GET ${path}`);
  }
}

describe("hostile input to every action, in-process", () => {
  for (const route of ACTION_PATHS) {
    const specs = ACTIONS.filter((a) => a.path === route.path);
    it(`${route.path} (${specs.map((s) => s.name).join(", ")})`, async () => {
      const db = createTestDb();
      const pro = await seedProfessional(db, "Fuzz");
      const bystander = await seedProfessional(db, "Vizinho");
      if (route.suspended) await db.update(subscriptions).set({ trialEndDate: new Date(Date.now() - 60_000) }).where(eq(subscriptions.userId, pro.id));
      const ctx: Ctx = { db, pro, cookie: route.auth === "private" ? (await signIn(db, pro)).cookie : undefined };
      const othersBefore = await snapshotOf(db, bystander);

      // Requests the action must never see: the professional's rows stay exactly as they were.
      const before = await snapshotOf(db, pro);
      for (const spec of specs) await undeliverable(ctx, spec);
      expect(await snapshotOf(db, pro), "nothing stored from a refused body").toEqual(before);

      // Oversized values in every field: refused by validation (actions that take nothing but an
      // intent, or an intent and an id, do what they say: not part of this).
      const validated = (spec: ActionSpec) => Object.keys(baseline(spec, ctx)).some((k) => k !== "intent" && k !== "id");
      for (const spec of specs.filter((s) => !s.intentOnly && validated(s))) {
        const answer = await post(ctx, pathOf(spec, ctx), encode(Object.entries(hostileFields(baseline(spec, ctx), HOSTILE.oversized, true))));
        expectSafe(answer, `${spec.name} oversized (own id)`);
        // Refused: a 4xx beside the form, or (plans) a redirect back with an error toast.
        if (answer.status < 400) expect((answer.value as Response).headers.get("Location"), `${spec.name} oversized refused`).toBe(spec.path);
      }
      expect(await snapshotOf(db, pro), "nothing stored from oversized values").toEqual(before);

      for (const spec of specs) await hostile(ctx, spec);
      await pagesStillAnswer(ctx, route);
      expect(await snapshotOf(db, bystander), "another professional's rows unchanged").toEqual(othersBefore);
    }, 60_000);
  }

  it("a working-hours post without the week's fields is a 400, not a server error", async () => {
    const db = createTestDb();
    const pro = await seedProfessional(db, "Semana");
    const ctx: Ctx = { db, pro, cookie: (await signIn(db, pro)).cookie };
    for (const body of ["intent=hours", "", "intent=nada", "intent=hours&days%5B0%5D.isActive=on"]) {
      const answer = await post(ctx, "/configuracoes/horarios", body);
      expectSafe(answer, `hours ${body || "(empty)"}`);
      expect(answer.status).toBe(400);
    }
  });
});
