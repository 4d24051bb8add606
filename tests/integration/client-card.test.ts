// A client's figures kept by the database, and the client's card (?ver=<id>).
import { format, subDays, addDays } from "date-fns";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, clients } from "../../db/schema";
import { loader } from "../../app/routes/clients";
import { formatMoney } from "../../app/domain/money";
import { clientClock } from "../../app/domain/clients/clients.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createClient as addClient, createProfessional } from "../support/factories";
import { callLoader, isDataReply, replyOf, thrownStatus as statusThrown } from "../support/routes";

const TZ = "America/Sao_Paulo";

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

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
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
