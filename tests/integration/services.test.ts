import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, categories, services } from "../../db/schema";
import { action, loader } from "../../app/routes/services";
import type { Db } from "../../app/utils/db.server";
import { createTestDb } from "../support/db";
import { createAppointment, createCategory, createProfessional, createService } from "../support/factories";
import { callAction, callLoader, replyOf, thrownStatus as statusThrownBy } from "../support/routes";

// ------------------------------------------------------------------ helpers

type Pro = { id: string; email: string };

const call = (db: Db, pro: Pro, path: string, fields: Record<string, string>) =>
  callAction(action, { db, as: pro, path, form: fields });

const load = (db: Db, pro: Pro, path: string) => callLoader(loader, { db, as: pro, path });

/** A data() reply: status and conform's submission result. */
function formReply(value: Awaited<ReturnType<typeof action>>) {
  const v = replyOf(value);
  return { status: v.init?.status, intent: v.data.intent, errors: v.data.result.error ?? {}, initialValue: v.data.result.initialValue };
}

/** Two professionals; the first has 'Cabelo' with one service 'Corte Masculino'. */
async function setup() {
  const db = createTestDb();
  const a = await createProfessional(db, { name: "Ana" });
  const b = await createProfessional(db, { name: "Bruno" });
  const cabelo = await createCategory(db, a.id, { name: "Cabelo", slug: "cabelo" });
  const corte = await createService(db, a.id, { categoryId: cabelo.id, name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 });
  return { db, a, b, cabelo, corte };
}

const serviceFields = (categoria: string, over: Record<string, string> = {}) => ({
  intent: "create-service",
  nome: "Escova",
  descricao: "Escova modelada",
  preco: "85,50",
  duracao: "60",
  categoria,
  cor: "#db2777",
  ...over,
});

async function serviceRow(db: Db, id: string) {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row;
}

async function categoryRow(db: Db, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
}

// ------------------------------------------------------------------ loader

describe("/servicos loader", () => {
  it("lists only the professional's services, with tiles, filters and counts", async () => {
    const { db, a, b, cabelo } = await setup();
    await createService(db, a.id, { categoryId: cabelo.id, name: "Escova", priceCents: 15000, isActive: false });
    await createService(db, a.id, { categoryId: null, name: "Avulso", priceCents: 2000 });
    await createService(db, b.id, { name: "Do Bruno", priceCents: 99900 });
    const list = (await load(db, a, "/servicos")) as Extract<Awaited<ReturnType<typeof loader>>, { screen: "list" }>;
    expect(list.screen).toBe("list");
    expect(list.services.map((s) => s.name)).toEqual(["Avulso", "Corte Masculino", "Escova"]);
    expect(list.stats).toEqual({ active: 2, inactive: 1, averagePriceCents: 3500, total: 3, categories: 1 });
    expect(list.categories).toEqual([{ id: cabelo.id, name: "Cabelo", slug: "cabelo", serviceCount: 2 }]);
    expect(list.uncategorized).toBe(1);

    const filtered = (await load(db, a, "/servicos?q=CABELO&categoria=cabelo")) as typeof list;
    expect(filtered.services.map((s) => s.name)).toEqual(["Corte Masculino", "Escova"]);
    const none = (await load(db, a, "/servicos?q=bruno")) as typeof list;
    expect(none.services).toEqual([]);
  });

  it("opens the form for a new or an own service, and answers 404 for someone else's ids", async () => {
    const { db, a, b, corte, cabelo } = await setup();
    const created = (await load(db, a, "/servicos?novo=1")) as { screen: string; service: unknown };
    expect(created).toMatchObject({ screen: "form", service: null });
    const editing = (await load(db, a, `/servicos?editar=${corte.id}&editar-categoria=${cabelo.id}`)) as {
      service: { name: string };
      panel: unknown;
    };
    expect(editing.service.name).toBe("Corte Masculino");
    expect(editing.panel).toMatchObject({ kind: "edit", category: { id: cabelo.id } });

    expect(await statusThrownBy(load(db, b, `/servicos?editar=${corte.id}`))).toBe(404);
    expect(await statusThrownBy(load(db, b, `/servicos?confirmar-exclusao=${corte.id}`))).toBe(404);
    expect(await statusThrownBy(load(db, b, `/servicos?novo=1&editar-categoria=${cabelo.id}`))).toBe(404);
    expect(await statusThrownBy(load(db, b, `/servicos?novo=1&excluir-categoria=${cabelo.id}`))).toBe(404);
    expect(await statusThrownBy(load(db, a, "/servicos?editar=nao-existe"))).toBe(404);
  });
});

// ------------------------------------------------------------------ services

describe("service actions", () => {
  it("creates a service from a form typed with a comma", async () => {
    const { db, a, cabelo } = await setup();
    const res = await call(db, a, "/servicos?novo=1", serviceFields(cabelo.id, { exigeSinal: "on", valorSinal: "20" }));
    expect(res).toHaveRedirect("/servicos");
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Serviço criado com sucesso." });
    const [row] = await db.select().from(services).where(eq(services.name, "Escova"));
    expect(row).toMatchObject({
      userId: a.id,
      categoryId: cabelo.id,
      description: "Escova modelada",
      priceCents: 8550,
      durationMinutes: 60,
      color: "#DB2777",
      isActive: true,
      requiresDeposit: true,
      depositCents: 2000,
    });
  });

  it("accepts '50.00' as well", async () => {
    const { db, a, cabelo } = await setup();
    await call(db, a, "/servicos?novo=1", serviceFields(cabelo.id, { nome: "Barba", preco: "50.00" }));
    const [row] = await db.select().from(services).where(eq(services.name, "Barba"));
    expect(row?.priceCents).toBe(5000);
  });

  it("answers 400 with the spec's messages beside the fields, keeping what was typed", async () => {
    const { db, a } = await setup();
    const reply = formReply(
      await call(db, a, "/servicos?novo=1", { intent: "create-service", nome: "E", preco: "-3", duracao: "0", categoria: "" }),
    );
    expect(reply.status).toBe(400);
    expect(reply.intent).toBe("create-service");
    expect(reply.errors).toEqual({
      nome: ["Nome deve ter pelo menos 2 caracteres"],
      preco: ["Preço deve ser maior que zero"],
      duracao: ["Duração deve ser pelo menos 1 minuto"],
      categoria: ["Selecione uma categoria"],
    });
    expect(reply.initialValue).toMatchObject({ nome: "E", preco: "-3", duracao: "0" });
    expect(await db.select().from(services).where(eq(services.userId, a.id))).toHaveLength(1);
  });

  it("creates the category typed in the form with the service, in one post", async () => {
    const { db, b } = await setup(); // Bruno has no category yet
    const res = await call(db, b, "/servicos?novo=1", serviceFields("", { novaCategoria: "  Coloração " }));
    expect(res).toHaveRedirect("/servicos");
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Serviço criado com sucesso." });
    const cats = await db.select().from(categories).where(eq(categories.userId, b.id));
    expect(cats.map((c) => [c.name, c.slug])).toEqual([["Coloração", "coloracao"]]);
    const [row] = await db.select().from(services).where(eq(services.userId, b.id));
    expect(row).toMatchObject({ name: "Escova", priceCents: 8550, categoryId: cats[0]!.id });

    // A name whose code exists already is that category; a category chosen wins over the field.
    await call(db, b, "/servicos?novo=1", serviceFields("", { nome: "Luzes", novaCategoria: "COLORAÇÃO" }));
    await call(db, b, "/servicos?novo=1", serviceFields(cats[0]!.id, { nome: "Tonalizante", novaCategoria: "Outra" }));
    // Editing a service may move it to a new category the same way.
    await call(db, b, `/servicos?editar=${row!.id}`, serviceFields("", { intent: "update-service", id: row!.id, novaCategoria: "Escovas" }));
    const after = await db.select().from(categories).where(eq(categories.userId, b.id));
    expect(after.map((c) => c.name).sort()).toEqual(["Coloração", "Escovas"]);
    const byName = Object.fromEntries((await db.select().from(services).where(eq(services.userId, b.id))).map((r) => [r.name, r.categoryId]));
    const id = (name: string) => after.find((c) => c.name === name)!.id;
    expect(byName).toEqual({ Escova: id("Escovas"), Luzes: id("Coloração"), Tonalizante: id("Coloração") });
  });

  it("bad input with a new category: 400, nothing saved, everything typed kept", async () => {
    const { db, b } = await setup();
    const reply = formReply(await call(db, b, "/servicos?novo=1", serviceFields("", { nome: "E", novaCategoria: "Tratamentos" })));
    expect(reply).toMatchObject({ status: 400, errors: { nome: ["Nome deve ter pelo menos 2 caracteres"] } });
    expect(reply.initialValue).toMatchObject({ nome: "E", preco: "85,50", novaCategoria: "Tratamentos" });
    // Without a category, the field asks for one: the select when there are some, else the name.
    const none = formReply(await call(db, b, "/servicos?novo=1", serviceFields("")));
    expect(none).toMatchObject({ status: 400, errors: { novaCategoria: ["Nome da categoria é obrigatório"] } });
    const long = formReply(await call(db, b, "/servicos?novo=1", serviceFields("", { novaCategoria: "x".repeat(51) })));
    expect(long.errors).toEqual({ novaCategoria: ["Nome da categoria deve ter no máximo 50 caracteres"] });
    const symbols = formReply(await call(db, b, "/servicos?novo=1", serviceFields("", { novaCategoria: "!!!" })));
    expect(symbols.errors).toEqual({ novaCategoria: ["O código precisa ter pelo menos uma letra ou número"] });
    expect(await db.select().from(categories).where(eq(categories.userId, b.id))).toHaveLength(0);
    expect(await db.select().from(services).where(eq(services.userId, b.id))).toHaveLength(0);
  });

  it("refuses a deposit above the price and someone else's category", async () => {
    const { db, a, b, cabelo } = await setup();
    const deposit = formReply(
      await call(db, a, "/servicos?novo=1", serviceFields(cabelo.id, { preco: "30", exigeSinal: "on", valorSinal: "31" })),
    );
    expect(deposit).toMatchObject({ status: 400, errors: { valorSinal: ["O sinal não pode ser maior que o preço"] } });
    const foreign = formReply(await call(db, b, "/servicos?novo=1", serviceFields(cabelo.id)));
    expect(foreign).toMatchObject({ status: 400, errors: { categoria: ["Selecione uma categoria"] } });
    expect(await db.select().from(services).where(eq(services.userId, b.id))).toHaveLength(0);
  });

  it("updates an own service; someone else's id is a 404 and changes nothing", async () => {
    const { db, a, b, cabelo, corte } = await setup();
    const bCat = await createCategory(db, b.id, { name: "Barba", slug: "barba" });
    expect(
      await statusThrownBy(
        call(db, b, `/servicos?editar=${corte.id}`, serviceFields(bCat.id, { intent: "update-service", id: corte.id })),
      ),
    ).toBe(404);
    expect(await serviceRow(db, corte.id)).toMatchObject({ name: "Corte Masculino", priceCents: 5000, userId: a.id });

    const res = await call(
      db,
      a,
      `/servicos?editar=${corte.id}`,
      serviceFields(cabelo.id, { intent: "update-service", id: corte.id, nome: "Corte Degradê", preco: "55", duracao: "50" }),
    );
    expect(res).toHaveRedirect("/servicos");
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Serviço atualizado com sucesso." });
    expect(await serviceRow(db, corte.id)).toMatchObject({ name: "Corte Degradê", priceCents: 5500, durationMinutes: 50 });

    const invalid = formReply(
      await call(db, a, `/servicos?editar=${corte.id}`, serviceFields(cabelo.id, { intent: "update-service", id: corte.id, duracao: "721" })),
    );
    expect(invalid).toMatchObject({ status: 400, errors: { duracao: ["Duração deve ser no máximo 720 minutos (12 horas)"] } });
  });

  it("deactivates and reactivates, staying on the filtered list", async () => {
    const { db, a, b, corte } = await setup();
    expect(await statusThrownBy(call(db, b, "/servicos", { intent: "toggle-service", id: corte.id, ativo: "false" }))).toBe(404);
    expect((await serviceRow(db, corte.id))?.isActive).toBe(true);

    const off = await call(db, a, "/servicos?q=corte&confirmar-exclusao=x", { intent: "toggle-service", id: corte.id, ativo: "false" });
    expect(off).toHaveRedirect("/servicos?q=corte");
    await expect(off).toSendToast({ type: "success", title: "Sucesso", description: "Serviço desativado com sucesso." });
    expect((await serviceRow(db, corte.id))?.isActive).toBe(false);
    const on = await call(db, a, "/servicos", { intent: "toggle-service", id: corte.id, ativo: "true" });
    expect(on).toHaveRedirect("/servicos");
    await expect(on).toSendToast({ type: "success", title: "Sucesso", description: "Serviço ativado com sucesso." });
    expect((await serviceRow(db, corte.id))?.isActive).toBe(true);

    expect(await statusThrownBy(call(db, a, "/servicos", { intent: "toggle-service", id: corte.id, ativo: "talvez" }))).toBe(400);
  });

  it("deletes a service; past appointments keep the copied name and price", async () => {
    const { db, a, b, corte } = await setup();
    const appt = await createAppointment(db, a.id, {
      serviceId: corte.id,
      serviceName: "Corte Masculino",
      date: "2025-01-10",
      startMinute: 600,
      durationMinutes: 45,
      priceCents: 5000,
      status: "completed",
    });

    expect(await statusThrownBy(call(db, b, "/servicos", { intent: "delete-service", id: corte.id }))).toBe(404);
    expect(await serviceRow(db, corte.id)).toBeDefined();

    const res = await call(db, a, `/servicos?confirmar-exclusao=${corte.id}`, { intent: "delete-service", id: corte.id });
    expect(res).toHaveRedirect("/servicos");
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Serviço removido com sucesso." });
    expect(await serviceRow(db, corte.id)).toBeUndefined();
    const [kept] = await db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(kept).toMatchObject({ serviceId: null, serviceName: "Corte Masculino", priceCents: 5000, status: "completed" });

    expect(await statusThrownBy(call(db, a, "/servicos", { intent: "delete-service", id: corte.id }))).toBe(404);
  });

  it("says 'Erro ao ...' when the database refuses the write", async () => {
    const { db, a, cabelo, corte } = await setup();
    await db.$client.execute("CREATE TRIGGER no_insert BEFORE INSERT ON services BEGIN SELECT RAISE(ABORT, 'indisponível'); END");
    await db.$client.execute("CREATE TRIGGER no_delete BEFORE DELETE ON services BEGIN SELECT RAISE(ABORT, 'indisponível'); END");
    const original = console.error;
    console.error = () => {};
    try {
      const created = formReply(await call(db, a, "/servicos?novo=1", serviceFields(cabelo.id)));
      expect(created.status).toBe(500);
      expect(created.errors[""]).toEqual(["Erro ao criar serviço."]);
      const deleted = await call(db, a, "/servicos", { intent: "delete-service", id: corte.id });
      expect(deleted).toHaveRedirect("/servicos");
      await expect(deleted).toSendToast({ type: "error", title: "Erro", description: "Erro ao remover serviço." });
    } finally {
      console.error = original;
    }
    expect(await serviceRow(db, corte.id)).toBeDefined();
  });

  it("an unknown intent is a 400", async () => {
    const { db, a } = await setup();
    expect(await statusThrownBy(call(db, a, "/servicos", { intent: "drop-table" }))).toBe(400);
  });
});

// ------------------------------------------------------------------ categories

describe("category actions", () => {
  it("creates a category with a slug from the name, back on the same form", async () => {
    const { db, a, corte } = await setup();
    const res = await call(db, a, `/servicos?editar=${corte.id}&nova-categoria=1`, {
      intent: "create-category",
      nomeCategoria: "Sobrancelha & Cílios",
      codigo: "",
    });
    expect(res).toHaveRedirect(`/servicos?editar=${corte.id}`);
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Categoria criada com sucesso" });
    const rows = await db.select().from(categories).where(eq(categories.userId, a.id));
    expect(rows.map((r) => [r.name, r.slug]).sort()).toEqual([
      ["Cabelo", "cabelo"],
      ["Sobrancelha & Cílios", "sobrancelha-cilios"],
    ]);
  });

  it("slugifies a typed code; a code already used is a clear 400; another professional may reuse it", async () => {
    const { db, a, b } = await setup();
    await call(db, a, "/servicos?novo=1", { intent: "create-category", nomeCategoria: "Unhas", codigo: "Mãos e Pés" });
    expect((await db.select().from(categories).where(eq(categories.slug, "maos-e-pes")))[0]?.name).toBe("Unhas");

    const taken = formReply(await call(db, a, "/servicos?novo=1&nova-categoria=1", { intent: "create-category", nomeCategoria: "Cabelo" }));
    expect(taken).toMatchObject({
      status: 400,
      intent: "create-category",
      errors: { codigo: ["Já existe uma categoria com este código. Escolha outro nome ou código."] },
    });
    expect(taken.initialValue).toMatchObject({ nomeCategoria: "Cabelo" });

    const empty = formReply(await call(db, a, "/servicos?novo=1", { intent: "create-category", nomeCategoria: "  " }));
    expect(empty).toMatchObject({ status: 400, errors: { nomeCategoria: ["Nome da categoria é obrigatório"] } });

    const other = await call(db, b, "/servicos?novo=1", { intent: "create-category", nomeCategoria: "Cabelo" });
    expect(other).toHaveRedirect("/servicos?novo=1");
    await expect(other).toSendToast({ type: "success", title: "Sucesso", description: "Categoria criada com sucesso" });
    expect(await db.select().from(categories).where(eq(categories.slug, "cabelo"))).toHaveLength(2);
  });

  it("changing a category's code keeps its services linked", async () => {
    const { db, a, cabelo, corte } = await setup();
    const res = await call(db, a, `/servicos?novo=1&editar-categoria=${cabelo.id}`, {
      intent: "update-category",
      id: cabelo.id,
      nomeCategoria: "Cabelo Feminino",
      codigo: "cabelo-fem",
    });
    expect(res).toHaveRedirect("/servicos?novo=1");
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Categoria atualizada com sucesso" });
    expect(await categoryRow(db, cabelo.id)).toMatchObject({ name: "Cabelo Feminino", slug: "cabelo-fem" });
    expect((await serviceRow(db, corte.id))?.categoryId).toBe(cabelo.id);
    const list = (await load(db, a, "/servicos?categoria=cabelo-fem")) as { services: { name: string; categoryName: string }[] };
    expect(list.services).toMatchObject([{ name: "Corte Masculino", categoryName: "Cabelo Feminino" }]);

    // Keeping its own code is not a conflict.
    const same = await call(db, a, "/servicos?novo=1", { intent: "update-category", id: cabelo.id, nomeCategoria: "Cabelos", codigo: "cabelo-fem" });
    expect(same).toHaveRedirect("/servicos?novo=1");
    await expect(same).toSendToast({ type: "success", title: "Sucesso", description: "Categoria atualizada com sucesso" });
  });

  it("another professional cannot rename or delete the category: 404, nothing changes", async () => {
    const { db, b, cabelo, corte } = await setup();
    expect(
      await statusThrownBy(call(db, b, "/servicos?novo=1", { intent: "update-category", id: cabelo.id, nomeCategoria: "Hackeado" })),
    ).toBe(404);
    expect(await statusThrownBy(call(db, b, "/servicos?novo=1", { intent: "delete-category", id: cabelo.id }))).toBe(404);
    expect(await categoryRow(db, cabelo.id)).toMatchObject({ name: "Cabelo", slug: "cabelo" });
    expect((await serviceRow(db, corte.id))?.categoryId).toBe(cabelo.id);
  });

  it("deleting a category leaves its services without a category", async () => {
    const { db, a, cabelo, corte } = await setup();
    const confirm = (await load(db, a, `/servicos?novo=1&excluir-categoria=${cabelo.id}`)) as {
      confirmCategoryDelete: { name: string; serviceCount: number };
    };
    expect(confirm.confirmCategoryDelete).toMatchObject({ name: "Cabelo", serviceCount: 1 });

    const res = await call(db, a, `/servicos?novo=1&excluir-categoria=${cabelo.id}`, { intent: "delete-category", id: cabelo.id });
    expect(res).toHaveRedirect("/servicos?novo=1");
    await expect(res).toSendToast({ type: "success", title: "Sucesso", description: "Categoria removida com sucesso" });
    expect(await categoryRow(db, cabelo.id)).toBeUndefined();
    expect(await serviceRow(db, corte.id)).toMatchObject({ name: "Corte Masculino", categoryId: null });

    const list = (await load(db, a, "/servicos")) as { services: { categoryName: string | null }[]; uncategorized: number };
    expect(list.services).toMatchObject([{ categoryName: null }]);
    expect(list.uncategorized).toBe(1);
  });
});
