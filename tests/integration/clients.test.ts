import { format, subDays } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, clients, type AppointmentStatus } from "../../db/schema";
import { action, loader } from "../../app/routes/clients";
import {
  createClient,
  PhoneTakenError,
  updateClient,
} from "../../app/domain/clients/clients.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createClient as addClient, createProfessional } from "../support/factories";
import { callAction, callLoader, isDataReply, replyOf, responseOf, thrownStatus as statusThrown } from "../support/routes";

const TZ = "America/Sao_Paulo";
const PHONE_TAKEN = "Já existe um cliente com este telefone.";

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
