import { and, eq } from "drizzle-orm";
import { appointments, clients } from "../../db/schema";
import { createPro, e2eDb, expect, expectEscapeCancels, signIn, test } from "./fixtures";

// Project "js" runs every test; "no-js" (plain HTML forms) the forms, tagged @nojs. The view
// switch and the CSV export are plain links, the same without JavaScript.

/** A professional with a unique name: parallel sign-ups with one name race for one booking slug. */
function newPro() {
  return createPro({ name: `Paula ${crypto.randomUUID().slice(0, 8)}` });
}

async function seedClient(userId: string, fields: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await e2eDb()
    .insert(clients)
    .values({ userId, name: "Lia Souza", phone: "11955554444", ...fields })
    .returning();
  return row!;
}

test("create a client: a bad phone is refused beside the field, a good one appears @phone @nojs", async ({ page }) => {
  const pro = await newPro();
  await signIn(page, pro.id);
  await page.goto("/clientes");
  await expect(page.getByRole("heading", { name: "Clientes", exact: true })).toBeVisible();
  await expect(page.getByText("Nenhum cliente cadastrado")).toBeVisible();
  await page.getByRole("link", { name: "Cadastrar Primeiro Cliente" }).click();
  await expect(page.getByRole("heading", { name: "Novo Cliente" })).toBeVisible();

  await page.getByLabel("Nome completo").fill("Beatriz Costa");
  await page.getByLabel("Telefone").fill("1199");
  await page.getByLabel("Email").fill("bia@example.com");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  const phoneError = page.getByText("Telefone deve ter pelo menos 10 dígitos");
  await expect(phoneError).toBeVisible();
  // The message is tied to the phone input, and what was typed is kept.
  await expect(page.getByLabel("Telefone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Nome completo")).toHaveValue("Beatriz Costa");
  await expect(page.getByLabel("Email")).toHaveValue("bia@example.com");
  expect(await e2eDb().select().from(clients).where(eq(clients.userId, pro.id))).toHaveLength(0);

  await page.getByLabel("Telefone").fill("11977771234");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByText("O cadastro de Beatriz Costa foi criado com sucesso.")).toBeVisible();
  const card = page.getByTestId("client-card").filter({ hasText: "Beatriz Costa" });
  await expect(card.getByText("(11) 97777-1234")).toBeVisible();
  await expect(card.getByText("bia@example.com")).toBeVisible();
  await expect(card.getByTestId("client-type")).toHaveText("Novo");
  await expect(card.getByText("Nunca")).toBeVisible();
  await expect(page.getByTestId("tile-Total")).toContainText("1");
  const [row] = await e2eDb().select().from(clients).where(eq(clients.userId, pro.id));
  expect(row).toMatchObject({ name: "Beatriz Costa", phone: "11977771234", email: "bia@example.com" });

  // The same phone again is refused beside the phone field. (Opened by URL: without JS the
  // flash banner stays over the header's 'Novo Cliente' button.)
  await page.goto("/clientes?novo=1");
  await page.getByLabel("Nome completo").fill("Outra Beatriz");
  await page.getByLabel("Telefone").fill("(11) 97777-1234");
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("Já existe um cliente com este telefone.")).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toHaveValue("Outra Beatriz");
  expect(await e2eDb().select().from(clients).where(eq(clients.userId, pro.id))).toHaveLength(1);
});

test("edit a client and find them by phone @nojs", async ({ page }) => {
  const pro = await newPro();
  const client = await seedClient(pro.id);
  await seedClient(pro.id, { name: "Marcos Dias", phone: "21988887777" });
  await signIn(page, pro.id);
  await page.goto("/clientes");

  await page.getByRole("link", { name: "Editar Lia Souza" }).click();
  await expect(page.getByRole("heading", { name: "Editar Cliente" })).toBeVisible();
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 95555-4444");
  await page.getByLabel("Nome completo").fill("Lia Souza Martins");
  await page.getByLabel("Endereço").fill("Rua das Flores, 10");
  await page.getByRole("button", { name: "Atualizar" }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByText("O cadastro de Lia Souza Martins foi atualizado com sucesso.")).toBeVisible();
  await expect(page.getByText("Rua das Flores, 10")).toBeVisible();
  const [row] = await e2eDb().select().from(clients).where(eq(clients.id, client.id));
  expect(row).toMatchObject({ name: "Lia Souza Martins", address: "Rua das Flores, 10" });

  await page.getByLabel("Buscar por nome, telefone ou e-mail").fill("(21) 98888");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId("client-card")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Marcos Dias" })).toBeVisible();

  await page.getByLabel("Buscar por nome, telefone ou e-mail").fill("ninguém");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Nenhum cliente encontrado")).toBeVisible();
});

test("switch to the timeline view and back, the choice remembered; export the clients as CSV", async ({ page }) => {
  const pro = await newPro();
  await seedClient(pro.id, { name: "Antiga Cliente", phone: "11911110000", createdAt: new Date("2024-01-15T15:00:00Z") });
  await seedClient(pro.id, { name: "José Conceição", createdAt: new Date("2025-03-02T15:00:00Z") });
  const other = await newPro();
  await seedClient(other.id, { name: "Cliente de Outra" });
  await signIn(page, pro.id);
  await page.goto("/clientes");
  const link = page.getByRole("link", { name: "Exportar clientes (CSV)" });
  await expect(link).toHaveAttribute("href", "/clientes/exportar");
  const res = await page.request.get("/clientes/exportar");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = (await res.body()).toString("utf-8");
  expect(text.startsWith("\uFEFFNome;Telefone;")).toBe(true);
  expect(text).toContain("José Conceição;(11) 95555-4444;");
  expect(text).not.toContain("Cliente de Outra");

  await expect(page.getByTestId("client-card")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Timeline de Clientes" })).toHaveCount(0);

  await page.getByRole("link", { name: "Timeline", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Timeline de Clientes" })).toBeVisible();
  const entries = page.getByTestId("timeline-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("02/03");
  await expect(entries.nth(0)).toContainText("2025");
  await expect(entries.nth(0)).toContainText("José Conceição");
  await expect(entries.nth(1)).toContainText("15/01");
  await expect(entries.nth(1)).toContainText("Antiga Cliente");

  // Remembered without the query parameter.
  await page.goto("/clientes");
  await expect(page.getByRole("heading", { name: "Timeline de Clientes" })).toBeVisible();

  await page.getByRole("link", { name: "Cards", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Timeline de Clientes" })).toHaveCount(0);
  await expect(page.getByTestId("client-card")).toHaveCount(2);
  await page.goto("/clientes");
  await expect(page.getByTestId("client-card")).toHaveCount(2);
});

test("delete a client after confirming; their appointments stay as history @nojs", async ({ page }, testInfo) => {
  const pro = await newPro();
  const client = await seedClient(pro.id);
  await e2eDb().insert(appointments).values({
    userId: pro.id,
    clientId: client.id,
    serviceName: "Corte",
    date: "2025-01-10",
    startMinute: 600,
    durationMinutes: 30,
    priceCents: 5000,
    status: "completed",
  });
  await signIn(page, pro.id);
  await page.goto("/clientes");
  await expect(page.getByTestId("client-type")).toHaveText("Regular");

  // First time: cancel (with JavaScript, by Escape too).
  const question = "Tem certeza que deseja excluir este cliente?";
  const dialog = page.getByRole("alertdialog", { name: "Excluir Lia Souza?" });
  if (testInfo.project.name === "js") {
    await page.getByRole("link", { name: "Excluir Lia Souza" }).click();
    await expectEscapeCancels(page, dialog, question);
  }
  await page.getByRole("link", { name: "Excluir Lia Souza" }).click();
  await expect(dialog.getByText(question)).toBeVisible();
  await expect(dialog).toContainText("continuam na agenda e nos relatórios");
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(await e2eDb().select().from(clients).where(eq(clients.id, client.id))).toHaveLength(1);

  // Then confirm.
  await page.getByRole("link", { name: "Excluir Lia Souza" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir cliente" }).click();
  await expect(page.getByText("Cliente removido com sucesso.")).toBeVisible();
  await expect(page.getByText("Nenhum cliente cadastrado")).toBeVisible();
  expect(await e2eDb().select().from(clients).where(eq(clients.id, client.id))).toHaveLength(0);
  const history = await e2eDb().select().from(appointments).where(eq(appointments.userId, pro.id));
  expect(history).toHaveLength(1);
  expect(history[0]!.clientId).toBeNull();
});

test("import clients from the phone's contacts: preview, then 'Importar', and the same file again creates nothing @nojs", async ({ page }) => {
  const pro = await newPro();
  await seedClient(pro.id, { name: "Lia Souza", phone: "11955554444" });
  const vcf = [
    "BEGIN:VCARD", "VERSION:3.0", "FN:Lia Souza", "TEL;type=CELL:(11) 95555-4444", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:Marcos Prado", "TEL;type=HOME:(11) 3333-2222", "TEL;type=CELL:+55 11 98888-7777", "BDAY:1991-04-09", "NOTE:Prefere sábado", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:Sem Telefone", "END:VCARD",
  ].join("\r\n");
  const file = { name: "contatos.vcf", mimeType: "text/vcard", buffer: Buffer.from(vcf) };
  await signIn(page, pro.id);
  await page.goto("/clientes");
  await page.getByRole("link", { name: "Importar clientes" }).click();
  await page.getByLabel("Arquivo de contatos (.vcf ou .csv)").setInputFiles(file);
  await page.getByRole("button", { name: "Ver prévia" }).click();
  const summary = page.getByRole("list", { name: "Resumo" });
  await expect(summary).toContainText("1 novo cliente será criado");
  await expect(summary).toContainText("1 contato já é cliente");
  await expect(summary).toContainText("1 contato recusado");
  await expect(page.getByRole("cell", { name: "(11) 98888-7777" })).toBeVisible();
  expect(await e2eDb().select().from(clients).where(eq(clients.userId, pro.id))).toHaveLength(1);

  await page.getByRole("button", { name: "Importar 1 cliente" }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByText("1 cliente importado.")).toBeVisible();
  await expect(page.getByTestId("client-card").filter({ hasText: "Marcos Prado" })).toBeVisible();
  const [marcos] = await e2eDb().select().from(clients).where(and(eq(clients.userId, pro.id), eq(clients.phone, "11988887777")));
  expect(marcos).toMatchObject({ birthDate: "1991-04-09", notes: "Prefere sábado" });

  await page.goto("/clientes/importar");
  await page.getByLabel("Arquivo de contatos (.vcf ou .csv)").setInputFiles(file);
  await page.getByRole("button", { name: "Ver prévia" }).click();
  await expect(page.getByText("Nenhum cliente novo para importar neste arquivo.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Importar/ })).toHaveCount(0);
});
