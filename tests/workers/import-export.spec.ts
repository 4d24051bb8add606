import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { clients } from "../../db/schema";
import { createPro, expect, fileDb, httpDb, signIn, test } from "./fixtures";

// 'Importar clientes' (a vCard read, previewed and committed in batches over HTTP). @extended
test("import clients from the phone's contacts: preview, then 'Importar' @extended", async ({ page }) => {
  const pro = await createPro(`Import Workers ${crypto.randomUUID().slice(0, 6)}`);
  await httpDb().insert(clients).values({ userId: pro.id, name: "Lia Souza", phone: "11955554444" });
  const vcf = [
    "BEGIN:VCARD", "VERSION:3.0", "FN:Lia Souza", "TEL;type=CELL:(11) 95555-4444", "END:VCARD",
    "BEGIN:VCARD", "VERSION:3.0", "FN:Marcos Prado", "TEL;type=CELL:+55 11 98888-7777", "BDAY:1991-04-09", "END:VCARD",
  ].join("\r\n");
  await signIn(page, pro.id);
  await page.goto("/clientes/importar");
  await page.getByLabel("Arquivo de contatos (.vcf ou .csv)").setInputFiles({ name: "contatos.vcf", mimeType: "text/vcard", buffer: Buffer.from(vcf) });
  await page.getByRole("button", { name: "Ver prévia" }).click();
  const summary = page.getByRole("list", { name: "Resumo" });
  await expect(summary).toContainText("1 novo cliente será criado");
  await expect(summary).toContainText("1 contato já é cliente");
  await page.getByRole("button", { name: "Importar 1 cliente" }).click();
  await expect(page.getByText("1 cliente importado.")).toBeVisible();
  await expect(page.getByTestId("client-card").filter({ hasText: "Marcos Prado" })).toBeVisible();
  const [marcos] = await fileDb().select().from(clients).where(and(eq(clients.userId, pro.id), eq(clients.phone, "11988887777")));
  expect(marcos).toMatchObject({ name: "Marcos Prado", birthDate: "1991-04-09" });
});

// The LGPD export: every subject's rows zipped (fflate) in the Worker and downloaded.
test("the data export: the zip downloaded holds the professional's clients and no one else's", async ({ page }) => {
  const pro = await createPro(`Export Workers ${crypto.randomUUID().slice(0, 6)}`);
  const other = await createPro(`Outra Workers ${crypto.randomUUID().slice(0, 6)}`);
  await httpDb().insert(clients).values([
    { userId: pro.id, name: "Cliente Exportada", phone: "11912345678" },
    { userId: other.id, name: "Cliente de Outra Pessoa", phone: "11912345678" },
  ]);
  await signIn(page, pro.id);
  await page.goto("/configuracoes/geral");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar meus dados (.zip)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^agendo-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const json = JSON.parse(strFromU8(files["dados.json"]!));
  expect(json.perfil.email).toBe(pro.email);
  expect(json.clientes.map((c: { nome: string }) => c.nome)).toEqual(["Cliente Exportada"]);
  expect(strFromU8(files["clientes.csv"]!)).toContain("Cliente Exportada");
  expect(strFromU8(files["dados.json"]!)).not.toContain("Cliente de Outra Pessoa");
});
