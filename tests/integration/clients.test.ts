import { format, subDays, addDays } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, clients, type AppointmentStatus } from "../../db/schema";
import { action, loader } from "../../app/routes/clients";
import { formatMoney } from "../../app/domain/money";
import { loader as exportLoader } from "../../app/routes/clients.export";
import type { InArgs } from "@libsql/client";
import {
  activeClientsQuery,
  clientClock,
  createClient,
  PAGE_SIZE,
  PhoneTakenError,
  updateClient,
} from "../../app/domain/clients/clients.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createClient as addClient, createClients, createProfessional } from "../support/factories";
import { callAction, callLoader, isDataReply, replyOf, responseOf, thrownStatus as statusThrown } from "../support/routes";

const TZ = "America/Sao_Paulo";
const PHONE_TAKEN = "Já existe um cliente com este telefone.";
const DAY = 86_400_000;

// ------------------------------------------------------------------ helpers

type Ctx = Awaited<ReturnType<typeof userContextFor>>;

const load = (ctx: Ctx, path: string, cookie?: string) => callLoader(loader, { context: ctx, path, cookie });

async function listAt(ctx: Ctx, path = "/clientes", cookie?: string) {
  const reply = replyOf(await load(ctx, path, cookie));
  if (reply.data.mode !== "list") throw new Error("expected the list");
  return { ...reply.data, headers: new Headers(reply.init?.headers) };
}

async function formAt(ctx: Ctx, path: string) {
  const value = await load(ctx, path);
  if (isDataReply(value) || value.mode !== "form") throw new Error("expected the form");
  return value;
}

const post = (ctx: Ctx, path: string, fields: Record<string, string>) => callAction(action, { context: ctx, path, form: fields });

async function setup() {
  const db = createTestDb();
  const pro = await createProfessional(db, { name: "Paula Ribeiro" });
  const ctx = await userContextFor(db, pro);
  return { db, pro, ctx };
}

/** An appointment of 'Corte' at 10:00 for 30 minutes, without a service row. */
function addAppointment(
  db: Db,
  userId: string,
  clientId: string | null,
  fields: { date: string; status: AppointmentStatus; priceCents: number },
) {
  return createAppointment(db, userId, { clientId, serviceName: "Corte", startMinute: 600, durationMinutes: 30, ...fields });
}

const localToday = () => TZDate.tz(TZ);
const isoDaysAgo = (n: number) => format(subDays(localToday(), n), "yyyy-MM-dd");
const br = (iso: string) => iso.split("-").reverse().join("/");

const VALID = {
  intent: "create",
  name: "Beatriz Costa",
  phone: "(11) 97777-1234",
  email: "bia@example.com",
  address: "Rua das Flores, 10",
  birthDate: "1992-04-15",
  notes: "Alérgica a amônia",
};

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

// ------------------------------------------------------------------ list

describe("clients list", () => {
  it("is empty for a new professional", async () => {
    const { ctx } = await setup();
    const list = await listAt(ctx);
    expect(list.clients).toEqual([]);
    expect(list.tiles).toEqual({ total: 0, newThisMonth: 0, vip: 0, active: 0 });
    expect(list.view).toBe("cards");
  });

  it("computes metrics and badges from appointments: visits and spend are completed ones, last visit the latest completed", async () => {
    const { db, pro, ctx } = await setup();
    const vip = await addClient(db, pro.id, { name: "Vera VIP", phone: "11911112222", email: "vera@example.com" });
    const loyal = await addClient(db, pro.id, { name: "Fabio Fiel" });
    const regular = await addClient(db, pro.id, { name: "Rita Regular", address: "Av. Paulista, 1000" });
    const novo = await addClient(db, pro.id, { name: "Nina Nova" });

    // Vera: 501 reais completed -> VIP; a cancelled one neither counts nor adds.
    await addAppointment(db, pro.id, vip.id, { date: isoDaysAgo(40), status: "completed", priceCents: 30_000 });
    await addAppointment(db, pro.id, vip.id, { date: isoDaysAgo(10), status: "completed", priceCents: 20_100 });
    await addAppointment(db, pro.id, vip.id, { date: isoDaysAgo(5), status: "cancelled", priceCents: 99_900 });
    // Fabio: 11 visits (Frequente + Fiel); a later no-show is an appointment but no visit.
    for (let i = 0; i < 11; i++) {
      await addAppointment(db, pro.id, loyal.id, { date: isoDaysAgo(60 + i), status: "completed", priceCents: 1_000 });
    }
    await addAppointment(db, pro.id, loyal.id, { date: isoDaysAgo(50), status: "no_show", priceCents: 5_000 });
    await addAppointment(db, pro.id, loyal.id, { date: isoDaysAgo(1), status: "cancelled", priceCents: 5_000 });
    // Rita: one future scheduled appointment: an appointment, but no visit yet (Novo).
    await addAppointment(db, pro.id, regular.id, {
      date: format(addDays(localToday(), 3), "yyyy-MM-dd"),
      status: "scheduled",
      priceCents: 8_000,
    });

    const list = await listAt(ctx);
    const by = Object.fromEntries(list.clients.map((c) => [c.name, c]));
    expect(list.clients.map((c) => c.name)).toEqual(["Fabio Fiel", "Nina Nova", "Rita Regular", "Vera VIP"]);
    expect(by["Vera VIP"]).toMatchObject({
      type: "VIP",
      loyal: false,
      appointmentCount: 2,
      visitCount: 2,
      totalSpent: "R$\u00a0501,00",
      lastVisit: br(isoDaysAgo(10)),
      phone: "(11) 91111-2222",
      email: "vera@example.com",
    });
    expect(by["Fabio Fiel"]).toMatchObject({
      type: "Frequente",
      loyal: true,
      appointmentCount: 12,
      visitCount: 11,
      totalSpent: "R$\u00a0110,00",
      lastVisit: br(isoDaysAgo(60)),
    });
    expect(by["Rita Regular"]).toMatchObject({
      type: "Novo",
      appointmentCount: 1,
      visitCount: 0,
      totalSpent: "R$\u00a00,00",
      lastVisit: null,
      address: "Av. Paulista, 1000",
    });
    expect(by["Nina Nova"]).toMatchObject({ type: "Novo", loyal: false, appointmentCount: 0, lastVisit: null });
    const month = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: TZ }).format(new Date());
    expect(by["Nina Nova"]!.since).toBe(month);

    // Tiles: 4 clients, all created now; VIP only Vera; active = a visit within 30 days (Vera).
    expect(list.tiles).toEqual({ total: 4, newThisMonth: 4, vip: 1, active: 1 });
  });

  it("counts Novos since the start of the month and Ativos: a visit within 30 days", async () => {
    const { db, pro, ctx } = await setup();
    const old = await addClient(db, pro.id, { createdAt: new Date(Date.now() - 40 * DAY) });
    const recent = await addClient(db, pro.id);
    const lapsed = await addClient(db, pro.id, { createdAt: new Date(Date.now() - 400 * DAY) });
    const booked = await addClient(db, pro.id, { createdAt: new Date(Date.now() - 400 * DAY) });
    await addAppointment(db, pro.id, old.id, { date: isoDaysAgo(30), status: "completed", priceCents: 100 });
    await addAppointment(db, pro.id, recent.id, { date: isoDaysAgo(0), status: "completed", priceCents: 100 });
    await addAppointment(db, pro.id, booked.id, { date: isoDaysAgo(3), status: "no_show", priceCents: 100 });
    await addAppointment(db, pro.id, booked.id, { date: isoDaysAgo(0), status: "confirmed", priceCents: 100 });
    await addAppointment(db, pro.id, lapsed.id, { date: isoDaysAgo(31), status: "completed", priceCents: 100 });
    await addAppointment(db, pro.id, lapsed.id, { date: isoDaysAgo(2), status: "cancelled", priceCents: 100 });
    // Another professional's data never counts.
    const other = await createProfessional(db);
    const theirs = await addClient(db, other.id);
    await addAppointment(db, other.id, theirs.id, { date: isoDaysAgo(1), status: "completed", priceCents: 90_000 });

    const list = await listAt(ctx);
    expect(list.tiles).toEqual({ total: 4, newThisMonth: 1, vip: 0, active: 2 });
  });

  it("paginates on the server, 24 per page, and clamps a page past the end", async () => {
    const { db, pro, ctx } = await setup();
    await createClients(
      db,
      pro.id,
      Array.from({ length: 30 }, (_, i) => ({
        name: `Cliente ${String(i).padStart(2, "0")}`,
        phone: `119000000${String(i).padStart(2, "0")}`,
      })),
    );
    const first = await listAt(ctx);
    expect(first.clients).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ page: 1, pageCount: 2, matching: 30 });
    expect(first.clients[0]!.name).toBe("Cliente 00");
    const second = await listAt(ctx, "/clientes?pagina=2");
    expect(second.clients.map((c) => c.name)).toEqual(
      ["24", "25", "26", "27", "28", "29"].map((n) => `Cliente ${n}`),
    );
    expect((await listAt(ctx, "/clientes?pagina=99")).page).toBe(2);
    expect((await listAt(ctx, "/clientes?pagina=abc")).page).toBe(1);
    expect((await listAt(ctx, "/clientes?pagina=-3")).page).toBe(1);
  });

  it("searches by name, phone digits or e-mail", async () => {
    const { db, pro, ctx } = await setup();
    await addClient(db, pro.id, { name: "Carlos Oliveira", phone: "11991234567", email: "carlos@example.com" });
    await addClient(db, pro.id, { name: "Mariana Santos", phone: "21992345678", email: "mari@salao.com.br" });
    await addClient(db, pro.id, { name: "João 100% Pereira", phone: "31993456789" });
    const names = async (q: string) =>
      (await listAt(ctx, `/clientes?q=${encodeURIComponent(q)}`)).clients.map((c) => c.name);
    expect(await names("carlos")).toEqual(["Carlos Oliveira"]);
    expect(await names("SANTOS")).toEqual(["Mariana Santos"]);
    expect(await names("(21) 99234")).toEqual(["Mariana Santos"]);
    expect(await names("3456789")).toEqual(["João 100% Pereira"]);
    expect(await names("salao.com")).toEqual(["Mariana Santos"]);
    expect(await names("100%")).toEqual(["João 100% Pereira"]);
    expect(await names("%")).toEqual(["João 100% Pereira"]);
    expect(await names("_")).toEqual([]);
    // Accents and case ignored both ways: typed without them, stored with them, and back.
    await addClient(db, pro.id, { name: "CONCEIÇÃO Araújo", phone: "41994567890" });
    await addClient(db, pro.id, { name: "Debora Lucia", phone: "51995678901" });
    expect(await names("joao")).toEqual(["João 100% Pereira"]);
    expect(await names("conceicao arau")).toEqual(["CONCEIÇÃO Araújo"]);
    expect(await names("Débora Lúcia")).toEqual(["Debora Lucia"]);
    const none = await listAt(ctx, "/clientes?q=ninguem");
    expect(none.clients).toEqual([]);
    expect(none.matching).toBe(0);
    expect(none.tiles.total).toBe(5);
  });

  it("never lists another professional's clients", async () => {
    const { db, pro, ctx } = await setup();
    const other = await createProfessional(db);
    await addClient(db, other.id, { name: "Cliente Alheio" });
    await addClient(db, pro.id, { name: "Cliente Meu" });
    expect((await listAt(ctx)).clients.map((c) => c.name)).toEqual(["Cliente Meu"]);
    expect((await listAt(ctx, "/clientes?q=Alheio")).clients).toEqual([]);
  });

  it("switches to the timeline (newest first) and remembers it in a cookie", async () => {
    const { db, pro, ctx } = await setup();
    await addClient(db, pro.id, { name: "Antiga", createdAt: new Date("2024-01-15T15:00:00Z") });
    await addClient(db, pro.id, { name: "Nova", createdAt: new Date("2025-03-02T15:00:00Z") });
    const timeline = await listAt(ctx, "/clientes?visao=timeline");
    expect(timeline.view).toBe("timeline");
    expect(timeline.clients.map((c) => [c.name, c.createdDay, c.createdYear])).toEqual([
      ["Nova", "02/03", "2025"],
      ["Antiga", "15/01", "2024"],
    ]);
    const setCookie = timeline.headers.get("Set-Cookie");
    expect(setCookie).toMatch(/^clientes_visao=/);
    const cookie = setCookie!.split(";")[0]!;
    const remembered = await listAt(ctx, "/clientes", cookie);
    expect(remembered.view).toBe("timeline");
    expect(remembered.headers.get("Set-Cookie")).toBeNull();
    const back = await listAt(ctx, "/clientes?visao=cards", cookie);
    expect(back.view).toBe("cards");
    expect(back.clients.map((c) => c.name)).toEqual(["Antiga", "Nova"]);
    // Garbage in the param or the cookie falls back to cards.
    expect((await listAt(ctx, "/clientes?visao=<script>")).view).toBe("cards");
    expect((await listAt(ctx, "/clientes", "clientes_visao=%%%")).view).toBe("cards");
  });

  it("reads 'Ativos' from the clients' kept last visit, on clients_user_last_visit_idx", async () => {
    const { db, pro } = await setup();
    const query = activeClientsQuery(db, pro.id, clientClock(TZ)).toSQL();
    const plan = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as InArgs });
    expect(plan.rows.map((r) => String(r.detail)).join("\n")).toContain("clients_user_last_visit_idx");
  });

  it("stays correct with 5,000 clients (one page of 24, counts in SQL)", async () => {
    const { db, pro, ctx } = await setup();
    for (let i = 0; i < 5000; i += 1000) {
      await createClients(
        db,
        pro.id,
        Array.from({ length: 1000 }, (_, j) => ({
          name: `Cliente ${String(i + j).padStart(4, "0")}`,
          phone: `1190${String(i + j).padStart(7, "0")}`,
        })),
      );
    }
    const list = await listAt(ctx, "/clientes?pagina=100");
    expect(list).toMatchObject({ page: 100, pageCount: 209, matching: 5000 });
    expect(list.clients).toHaveLength(24);
    expect(list.clients[0]!.name).toBe("Cliente 2376");
    expect(list.tiles.total).toBe(5000);
  });
});

// ------------------------------------------------------------------ form screens

describe("form screens", () => {
  it("opens the new-client form with ?novo=1 or ?new=true", async () => {
    const { ctx } = await setup();
    expect((await formAt(ctx, "/clientes?novo=1")).client).toBeNull();
    expect((await formAt(ctx, "/clientes?new=true")).client).toBeNull();
  });

  it("opens the edit form with the client's values, phone formatted", async () => {
    const { db, pro, ctx } = await setup();
    const client = await addClient(db, pro.id, { name: "Lia", phone: "11955554444", birthDate: "1990-01-02" });
    expect((await formAt(ctx, `/clientes?editar=${client.id}`)).client).toEqual({
      id: client.id,
      name: "Lia",
      phone: "(11) 95555-4444",
      email: "",
      address: "",
      birthDate: "1990-01-02",
      notes: "",
    });
  });

  it("asks before deleting (?confirmar-exclusao)", async () => {
    const { db, pro, ctx } = await setup();
    const client = await addClient(db, pro.id, { name: "Lia" });
    const list = await listAt(ctx, `/clientes?confirmar-exclusao=${client.id}`);
    expect(list.confirmDelete).toEqual({ id: client.id, name: "Lia" });
    expect((await listAt(ctx)).confirmDelete).toBeNull();
  });
});

// ------------------------------------------------------------------ create

describe("create", () => {
  it("stores the client with the phone as digits and redirects with the toast", async () => {
    const { db, pro, ctx } = await setup();
    const res = await post(ctx, "/clientes?novo=1", VALID);
    expect(res).toHaveRedirect("/clientes");
    await expect(res).toSendToast({
      type: "success",
      title: "Cliente cadastrado!",
      description: "O cadastro de Beatriz Costa foi criado com sucesso.",
    });
    const rows = await db.select().from(clients).where(eq(clients.userId, pro.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Beatriz Costa",
      phone: "11977771234",
      email: "bia@example.com",
      address: "Rua das Flores, 10",
      birthDate: "1992-04-15",
      notes: "Alérgica a amônia",
    });
  });

  it("takes a foreign number with its country code, shown and linked as such", async () => {
    const { db, pro, ctx } = await setup();
    expect(await post(ctx, "/clientes?novo=1", { ...VALID, phone: "+351 912 345 678" })).toHaveRedirect("/clientes");
    const [row] = await db.select().from(clients).where(eq(clients.userId, pro.id));
    expect(row!.phone).toBe("+351912345678");
    const list = await listAt(ctx, "/clientes?q=912345");
    expect(list.clients.map((c) => c.phone)).toEqual(["+351 912 345 678"]);
    const card = await load(ctx, `/clientes?ver=${row!.id}`);
    if (isDataReply(card) || card.mode !== "card") throw new Error("expected the card");
    expect(card.card.whatsapp).toBe(`https://wa.me/351912345678?text=${encodeURIComponent("Olá, Beatriz!")}`);
  });

  it("keeps optional fields empty", async () => {
    const { db, pro, ctx } = await setup();
    responseOf(await post(ctx, "/clientes?novo=1", { intent: "create", name: "  Ana  ", phone: "1133334444" }));
    const [row] = await db.select().from(clients).where(eq(clients.userId, pro.id));
    expect(row).toMatchObject({ name: "Ana", phone: "1133334444", email: "", address: "", birthDate: null, notes: "" });
  });

  it.each<[Partial<typeof VALID>, string, string]>([
    [{ name: "A" }, "name", "Nome deve ter pelo menos 2 caracteres"],
    [{ name: "" }, "name", "Nome deve ter pelo menos 2 caracteres"],
    [{ phone: "(11) 9999" }, "phone", "Telefone deve ter pelo menos 10 dígitos"],
    [{ phone: "" }, "phone", "Telefone deve ter pelo menos 10 dígitos"],
    [{ phone: "abcdefghijkl" }, "phone", "Telefone deve ter pelo menos 10 dígitos"],
    [{ email: "nao-e-email" }, "email", "Email inválido"],
    [{ birthDate: "2999-01-01" }, "birthDate", "Data de nascimento inválida"],
    [{ birthDate: "31/12/1990" }, "birthDate", "Data de nascimento inválida"],
    [{ notes: "x".repeat(1001) }, "notes", "Observações devem ter no máximo 1000 caracteres"],
  ])("refuses %o with 400 and the message beside the field", async (change, field, message) => {
    const { db, pro, ctx } = await setup();
    const reply = replyOf(await post(ctx, "/clientes?novo=1", { ...VALID, ...change }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ [field]: [message] });
    // What the user typed comes back.
    expect(reply.data.result.initialValue).toMatchObject({ address: VALID.address, notes: change.notes ?? VALID.notes });
    expect((await db.select({ n: count() }).from(clients).where(eq(clients.userId, pro.id)))[0]!.n).toBe(0);
  });

  it("refuses a phone already used by another of this professional's clients", async () => {
    const { db, pro, ctx } = await setup();
    await addClient(db, pro.id, { name: "Primeira", phone: "11977771234" });
    const reply = replyOf(await post(ctx, "/clientes?novo=1", VALID));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ phone: [PHONE_TAKEN] });
    expect(reply.data.result.initialValue).toMatchObject({ name: "Beatriz Costa", phone: "(11) 97777-1234" });
    expect((await db.select({ n: count() }).from(clients).where(eq(clients.userId, pro.id)))[0]!.n).toBe(1);
  });

  it("allows the same phone for another professional's client", async () => {
    const { db, ctx } = await setup();
    const other = await createProfessional(db);
    await addClient(db, other.id, { phone: "11977771234" });
    expect(responseOf(await post(ctx, "/clientes?novo=1", VALID)).status).toBe(302);
  });

  it("lets the unique index decide two saves racing for one phone", async () => {
    const { db, pro, ctx } = await setup();
    const results = await Promise.all([
      post(ctx, "/clientes?novo=1", { ...VALID, name: "Corrida Um" }),
      post(ctx, "/clientes?novo=1", { ...VALID, name: "Corrida Dois" }),
    ]);
    const created = results.filter((r) => r instanceof Response);
    const refused = results.filter((r) => !(r instanceof Response)).map(replyOf);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.init?.status).toBe(400);
    expect(refused[0]!.data.result.error).toEqual({ phone: [PHONE_TAKEN] });
    expect((await db.select({ n: count() }).from(clients).where(eq(clients.userId, pro.id)))[0]!.n).toBe(1);
  });

  it("turns the unique-index error into PhoneTakenError", async () => {
    const { db, pro } = await setup();
    const input = { name: "Ana", phone: "11900001111" };
    const first = await createClient(db, pro.id, input);
    await expect(createClient(db, pro.id, input)).rejects.toBeInstanceOf(PhoneTakenError);
    const second = await createClient(db, pro.id, { name: "Bia", phone: "11900002222" });
    await expect(updateClient(db, pro.id, second.id, input)).rejects.toBeInstanceOf(PhoneTakenError);
    expect(first.name).toBe("Ana");
  });

  it("refuses an unknown intent with 400", async () => {
    const { ctx } = await setup();
    expect(await statusThrown(post(ctx, "/clientes", { intent: "explodir" }))).toBe(400);
  });
});

// ------------------------------------------------------------------ update

describe("update", () => {
  it("saves the changes and returns to the same list page and search", async () => {
    const { db, pro, ctx } = await setup();
    const client = await addClient(db, pro.id, { name: "Lia", phone: "11955554444" });
    const res = await post(ctx, `/clientes?editar=${client.id}&q=lia&pagina=2`, {
      ...VALID,
      intent: "update",
      id: client.id,
      name: "Lia Souza",
      phone: "(11) 95555-4444",
      email: "",
    });
    expect(res).toHaveRedirect("/clientes?q=lia&pagina=2");
    await expect(res).toSendToast({
      type: "success",
      title: "Cliente atualizado!",
      description: "O cadastro de Lia Souza foi atualizado com sucesso.",
    });
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ name: "Lia Souza", phone: "11955554444", email: "", notes: VALID.notes });
  });

  it("refuses another client's phone, and validation errors, with 400", async () => {
    const { db, pro, ctx } = await setup();
    await addClient(db, pro.id, { phone: "11911110000" });
    const client = await addClient(db, pro.id, { name: "Lia", phone: "11955554444" });
    const taken = replyOf(
      await post(ctx, `/clientes?editar=${client.id}`, { ...VALID, intent: "update", id: client.id, phone: "11911110000" }),
    );
    expect(taken.init?.status).toBe(400);
    expect(taken.data.result.error).toEqual({ phone: [PHONE_TAKEN] });
    const invalid = replyOf(
      await post(ctx, `/clientes?editar=${client.id}`, { ...VALID, intent: "update", id: client.id, email: "x@" }),
    );
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data.result.error).toEqual({ email: ["Email inválido"] });
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ name: "Lia", phone: "11955554444" });
  });
});

// ------------------------------------------------------------------ delete

describe("delete", () => {
  it("removes the client and keeps their appointments as history without a client", async () => {
    const { db, pro, ctx } = await setup();
    const client = await addClient(db, pro.id, { name: "Lia" });
    const keep = await addClient(db, pro.id, { name: "Outra" });
    await addAppointment(db, pro.id, client.id, { date: isoDaysAgo(3), status: "completed", priceCents: 5_000 });
    await addAppointment(db, pro.id, client.id, { date: isoDaysAgo(1), status: "no_show", priceCents: 5_000 });
    await addAppointment(db, pro.id, keep.id, { date: isoDaysAgo(1), status: "completed", priceCents: 5_000 });

    const res = await post(ctx, `/clientes?confirmar-exclusao=${client.id}&pagina=3`, { intent: "delete", id: client.id });
    expect(res).toHaveRedirect("/clientes?pagina=3");
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Cliente removido com sucesso." });
    expect(await db.select().from(clients).where(eq(clients.id, client.id))).toEqual([]);
    const history = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(history).toHaveLength(3);
    expect(history.filter((a) => a.clientId === null)).toHaveLength(2);
    expect(history.filter((a) => a.clientId === keep.id)).toHaveLength(1);
    expect(history.every((a) => a.serviceName === "Corte")).toBe(true);
  });

  it("answers 404 for a missing client", async () => {
    const { ctx } = await setup();
    expect(await statusThrown(post(ctx, "/clientes", { intent: "delete", id: "nao-existe" }))).toBe(404);
    expect(await statusThrown(post(ctx, "/clientes", { intent: "delete" }))).toBe(404);
  });
});

// ------------------------------------------------------------------ tenancy

describe("another professional", () => {
  it("gets 404 on every screen and action with the first one's ids, and nothing changes", async () => {
    const { db, pro } = await setup();
    const client = await addClient(db, pro.id, { name: "Cliente da Paula", phone: "11944443333" });
    await addAppointment(db, pro.id, client.id, { date: isoDaysAgo(2), status: "completed", priceCents: 7_000 });
    const intruder = await createProfessional(db);
    const ctx = await userContextFor(db, intruder);

    expect(await statusThrown(load(ctx, `/clientes?editar=${client.id}`))).toBe(404);
    expect(await statusThrown(load(ctx, `/clientes?confirmar-exclusao=${client.id}`))).toBe(404);
    expect(
      await statusThrown(
        post(ctx, `/clientes?editar=${client.id}`, { ...VALID, intent: "update", id: client.id, name: "Hackeado" }),
      ),
    ).toBe(404);
    // Even with invalid data the answer is 404, not a validation reply.
    expect(await statusThrown(post(ctx, "/clientes", { intent: "update", id: client.id, name: "" }))).toBe(404);
    expect(await statusThrown(post(ctx, "/clientes", { intent: "delete", id: client.id }))).toBe(404);

    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ name: "Cliente da Paula", phone: "11944443333", userId: pro.id });
    const [appt] = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(appt!.clientId).toBe(client.id);
  });
});

// ------------------------------------------------------------------ CSV

describe("CSV export", () => {
  async function exportCsv(ctx: Ctx) {
    const res = await callLoader(exportLoader, { context: ctx, path: "/clientes/exportar" });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  }

  it("downloads the professional's own clients for Excel pt-BR", async () => {
    const { db, pro, ctx } = await setup();
    const ana = await addClient(db, pro.id, {
      name: "Ana; \"Aninha\" Souza",
      phone: "11987654321",
      email: "ana@example.com",
      address: "Rua A, 1",
      birthDate: "1990-05-20",
      notes: "Linha 1\nLinha 2",
      createdAt: new Date("2025-02-10T15:00:00Z"),
    });
    await addClient(db, pro.id, { name: "=HYPERLINK(\"x\")", phone: "1133334444", createdAt: new Date("2025-01-01T15:00:00Z") });
    await addAppointment(db, pro.id, ana.id, { date: isoDaysAgo(9), status: "completed", priceCents: 12_345 });
    await addAppointment(db, pro.id, ana.id, { date: isoDaysAgo(4), status: "confirmed", priceCents: 5_000 });
    await addAppointment(db, pro.id, ana.id, { date: isoDaysAgo(2), status: "cancelled", priceCents: 5_000 });
    const other = await createProfessional(db);
    await addClient(db, other.id, { name: "Cliente de Outro", phone: "11987654321" });

    const { res, bytes, text } = await exportCsv(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = clientClock(TZ).today;
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="clientes-${today}.csv"`);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Nome;Telefone;E-mail;Endereço;Data de nascimento;Observações;Cliente desde;Agendamentos;Visitas;Total gasto (R$);Última visita",
    );
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")";(11) 3333-4444;;;;;01/01/2025;0;0;0,00;`);
    // The confirmed one of 4 days ago was never marked done: an appointment, not a visit.
    expect(text).toContain(
      `"Ana; ""Aninha"" Souza";(11) 98765-4321;ana@example.com;Rua A, 1;20/05/1990;"Linha 1\nLinha 2";10/02/2025;2;1;123,45;${br(isoDaysAgo(9))}`,
    );
    expect(text).not.toContain("Cliente de Outro");
    expect(lines.filter(Boolean)).toHaveLength(3);
  });

  it("is only the header row without clients", async () => {
    const { ctx } = await setup();
    const { text } = await exportCsv(ctx);
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(1);
  });
});

describe("each client's figures, kept by the database", () => {
  it("follow every appointment written: created, completed, moved to another client, cancelled, deleted", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const ana = await addClient(db, pro.id, { name: "Ana" });
    const bia = await addClient(db, pro.id, { name: "Bia" });
    const figures = async (id: string) => {
      const [row] = await db
        .select({
          count: clients.appointmentCount,
          spent: clients.spentCents,
          last: clients.lastAppointmentDate,
          noShows: clients.noShowCount,
          visits: clients.visitCount,
          lastVisit: clients.lastVisitDate,
        })
        .from(clients)
        .where(eq(clients.id, id));
      return row;
    };
    expect(await figures(ana.id)).toEqual({ count: 0, spent: 0, last: null, noShows: 0, visits: 0, lastVisit: null });

    const first = await createAppointment(db, pro.id, { clientId: ana.id, date: "2025-03-10", priceCents: 5000, status: "completed" });
    const second = await createAppointment(db, pro.id, { clientId: ana.id, date: "2025-04-02", priceCents: 7000, status: "scheduled" });
    await createAppointment(db, pro.id, { clientId: ana.id, date: "2025-02-01", priceCents: 9000, status: "no_show" });
    expect(await figures(ana.id)).toEqual({ count: 3, spent: 5000, last: "2025-04-02", noShows: 1, visits: 1, lastVisit: "2025-03-10" });

    await db.update(appointments).set({ status: "completed" }).where(eq(appointments.id, second.id));
    expect(await figures(ana.id)).toMatchObject({ spent: 12_000, visits: 2, lastVisit: "2025-04-02" });

    await db.update(appointments).set({ clientId: bia.id }).where(eq(appointments.id, second.id));
    expect(await figures(ana.id)).toEqual({ count: 2, spent: 5000, last: "2025-03-10", noShows: 1, visits: 1, lastVisit: "2025-03-10" });
    expect(await figures(bia.id)).toEqual({ count: 1, spent: 7000, last: "2025-04-02", noShows: 0, visits: 1, lastVisit: "2025-04-02" });

    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, first.id));
    expect(await figures(ana.id)).toEqual({ count: 1, spent: 0, last: "2025-02-01", noShows: 1, visits: 0, lastVisit: null });

    await db.delete(appointments).where(eq(appointments.id, second.id));
    expect(await figures(bia.id)).toEqual({ count: 0, spent: 0, last: null, noShows: 0, visits: 0, lastVisit: null });
  });
});

describe("the client's card (?ver=<id>)", () => {
  async function cardAt(ctx: Ctx, path: string) {
    const value = await load(ctx, path);
    if (isDataReply(value) || value.mode !== "card") throw new Error("expected the card");
    return value.card;
  }

  it("shows notes, visit history (date, service, price, status), no-shows and the next appointment", async () => {
    const { db, pro, ctx } = await setup();
    const ana = await addClient(db, pro.id, { name: "Ana Paula", phone: "11987650000", notes: "Prefere tesoura.\nAlérgica a amônia." });
    const today = clientClock(TZ).today;
    const day = (n: number) => format(addDays(new Date(`${today}T12:00:00`), n), "yyyy-MM-dd");
    await createAppointment(db, pro.id, { clientId: ana.id, date: day(-30), startMinute: 600, serviceName: "Corte", priceCents: 5000, status: "completed" });
    await createAppointment(db, pro.id, { clientId: ana.id, date: day(-20), startMinute: 660, serviceName: "Escova", priceCents: 4000, status: "no_show" });
    await createAppointment(db, pro.id, { clientId: ana.id, date: day(-10), startMinute: 540, serviceName: "Corte", priceCents: 5000, status: "cancelled" });
    await createAppointment(db, pro.id, { clientId: ana.id, date: day(7), startMinute: 900, serviceName: "Coloração", priceCents: 12000, status: "confirmed" });
    await createAppointment(db, pro.id, { clientId: ana.id, date: day(3), startMinute: 1000, serviceName: "Cancelado", status: "cancelled" });
    await createAppointment(db, pro.id, { clientId: ana.id, date: day(14), startMinute: 600, serviceName: "Corte", status: "scheduled" });
    // Another client's and another professional's appointments are not hers.
    const bia = await addClient(db, pro.id, { name: "Bia" });
    await createAppointment(db, pro.id, { clientId: bia.id, date: day(-5), serviceName: "Barba", status: "completed" });

    const card = await cardAt(ctx, `/clientes?ver=${ana.id}`);
    expect(card).toMatchObject({ name: "Ana Paula", notes: "Prefere tesoura.\nAlérgica a amônia.", noShowCount: 1, visits: 3, hasMore: false });
    expect(card.whatsapp).toBe(`https://wa.me/5511987650000?text=${encodeURIComponent("Olá, Ana!")}`);
    expect(card.history.map((h) => [h.date, h.service, h.price, h.statusLabel])).toEqual([
      [formatBr(day(-10)), "Corte", formatMoney(5000), "Cancelado"],
      [formatBr(day(-20)), "Escova", formatMoney(4000), "Não compareceu"],
      [formatBr(day(-30)), "Corte", formatMoney(5000), "Concluído"],
    ]);
    expect(card.next).toMatchObject({ date: formatBr(day(7)), time: "15:00", service: "Coloração", statusLabel: "Confirmado" });
  });

  it("a no-show count of 2 or more is on the card and on the list's cards; history pages with 'Ver mais'", async () => {
    const { db, pro, ctx } = await setup();
    const ana = await addClient(db, pro.id, { name: "Ana" });
    const bia = await addClient(db, pro.id, { name: "Bia" });
    for (let i = 1; i <= 23; i++) {
      await createAppointment(db, pro.id, {
        clientId: ana.id,
        date: format(subDays(new Date(), i + 2), "yyyy-MM-dd"),
        status: i <= 2 ? "no_show" : "completed",
        serviceName: `Visita ${i}`,
      });
    }
    await createAppointment(db, pro.id, { clientId: bia.id, date: "2025-01-10", status: "no_show" });
    const list = await listAt(ctx);
    expect(list.clients.find((c) => c.name === "Ana")).toMatchObject({ noShowCount: 2 });
    expect(list.clients.find((c) => c.name === "Bia")).toMatchObject({ noShowCount: 1 });

    const first = await cardAt(ctx, `/clientes?ver=${ana.id}`);
    expect(first).toMatchObject({ noShowCount: 2, visits: 23, hasMore: true, pages: 1 });
    expect(first.history).toHaveLength(10);
    expect(first.history[0]!.service).toBe("Visita 1");
    const third = await cardAt(ctx, `/clientes?ver=${ana.id}&historico=3`);
    expect(third.history).toHaveLength(23);
    expect(third.hasMore).toBe(false);
    expect(new Set(third.history.map((h) => h.id)).size).toBe(23);
    // Nonsense pages fall back to the first.
    expect((await cardAt(ctx, `/clientes?ver=${ana.id}&historico=-4`)).history).toHaveLength(10);
  });

  it("another professional's client, or an id that is none, is a 404", async () => {
    const { db, ctx } = await setup();
    const other = await createProfessional(db);
    const theirs = await addClient(db, other.id, { name: "Cliente de outro" });
    await createAppointment(db, other.id, { clientId: theirs.id, status: "completed" });
    expect(await statusThrown(load(ctx, `/clientes?ver=${theirs.id}`))).toBe(404);
    expect(await statusThrown(load(ctx, "/clientes?ver=nao-existe"))).toBe(404);
    expect(await statusThrown(load(ctx, "/clientes?ver="))).toBe(404);
  });
});

function formatBr(iso: string) {
  return `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
