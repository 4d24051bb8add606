// 'Clientes': the list (figures and badges, 'Novos' and 'Ativos', pages, search, the timeline view,
// 5,000 clients) and its CSV export.
import { format, subDays, addDays } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AppointmentStatus } from "../../db/schema";
import { loader } from "../../app/routes/clients";
import { loader as exportLoader } from "../../app/routes/clients.export";
import type { InArgs } from "@libsql/client";
import { activeClientsQuery, clientClock, PAGE_SIZE } from "../../app/domain/clients/clients.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createClient as addClient, createClients, createProfessional } from "../support/factories";
import { callLoader, replyOf } from "../support/routes";

const TZ = "America/Sao_Paulo";
const DAY = 86_400_000;

// ------------------------------------------------------------------ helpers

type Ctx = Awaited<ReturnType<typeof userContextFor>>;

const load = (ctx: Ctx, path: string, cookie?: string) => callLoader(loader, { context: ctx, path, cookie });

async function listAt(ctx: Ctx, path = "/clientes", cookie?: string) {
  const reply = replyOf(await load(ctx, path, cookie));
  if (reply.data.mode !== "list") throw new Error("expected the list");
  return { ...reply.data, headers: new Headers(reply.init?.headers) };
}

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
    await addClient(db, pro.id, { name: "Nina Nova" });

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
