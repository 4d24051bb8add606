import { eq } from "drizzle-orm";
import { encode as encodePng } from "fast-png";
import { profiles, storedImages } from "../../db/schema";
import { readableOnWhiteText } from "../../app/domain/brand-colours";
import type { Page } from "@playwright/test";
import { createPro, e2eDb, expect, signIn, test } from "./fixtures";

// Each test runs in project "js" (React enhances); the ones tagged @nojs also in "no-js" (plain
// HTML forms), the ones tagged @phone on a phone (Pixel 7). A new booking link is the profile
// form's server rule, the same without JavaScript. The booking page (/agendamento/{slug}) may be
// cached for a minute, so each test opens it only after the change it checks.

const profileOf = async (id: string) => (await e2eDb().select().from(profiles).where(eq(profiles.userId, id)))[0]!;

/** A 600x400 PNG with a red left half and a blue right half. */
function pngPhoto() {
  const w = 600;
  const h = 400;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) data.set(x < w / 2 ? [220, 40, 60, 255] : [30, 90, 220, 255], (y * w + x) * 4);
  }
  return Buffer.from(encodePng({ width: w, height: h, data, channels: 4, depth: 8 }));
}

const suffix = () => crypto.randomUUID().slice(0, 6);

async function editProfile({ page }: { page: Page }) {
  const pro = await createPro({ name: "Paula Ribeiro" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes");
  await expect(page).toHaveURL(/\/configuracoes\/perfil$/);
  await expect(page.getByRole("link", { name: "Perfil", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("E-mail")).toHaveValue(pro.email);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");

  await page.getByLabel("Nome completo").fill("Paula Ribeiro Santos");
  await page.getByLabel("Nome do negócio").fill("Espaço Paula");
  await page.getByLabel("Especialidade (opcional)").fill("Manicure");
  await page.getByLabel("Endereço").fill("Rua Augusta, 500");
  await page.getByLabel("Cidade", { exact: true }).fill("São Paulo");
  await page.getByLabel("Telefone").fill("21987651234");
  await page.getByLabel("Chave Pix").fill("paula@example.com");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Perfil atualizado")).toBeVisible();
  await expect(page.getByLabel("Telefone")).toHaveValue("(21) 98765-1234");

  expect(await profileOf(pro.id)).toMatchObject({
    fullName: "Paula Ribeiro Santos",
    businessName: "Espaço Paula",
    specialty: "Manicure",
    phone: "21987651234",
    pixKey: "paula@example.com",
  });

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Paula Ribeiro Santos" })).toBeVisible();
  await expect(page.locator("main header").getByText("Espaço Paula")).toBeVisible();
  await expect(page.getByText("Rua Augusta, 500")).toBeVisible();
}

test("edit the profile and see it on the booking page @phone @nojs", editProfile);

test("profile errors, and a bad colour's 'Cor inválida. Use o formato #RRGGBB.', show beside the fields, keep what was typed and save nothing @nojs", async ({ page }) => {
  const pro = await createPro({ name: "Renata Alves" });
  const other = await createPro({ name: "Outra Pessoa" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/perfil");
  await page.getByLabel("Nome completo").fill("R");
  await page.getByLabel("Chave Pix").fill("chave-errada");
  await page.getByLabel("Seu link").fill(other.bookingSlug);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
  await expect(page.getByText("Chave Pix inválida")).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toHaveValue("R");
  // Slug uniqueness is the server's to say: fix the rest and it answers.
  await page.getByLabel("Nome completo").fill("Renata Alves");
  await page.getByLabel("Chave Pix").fill("");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Este link já está em uso. Escolha outro.")).toBeVisible();
  await expect(page.getByLabel("Seu link")).toHaveValue(other.bookingSlug);
  expect((await profileOf(pro.id)).bookingSlug).toBe(pro.bookingSlug);

  await page.goto("/configuracoes/pagina");
  await page.getByLabel("Título da página").fill("Título novo");
  await page.getByLabel("Cor principal", { exact: true }).fill("#12");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Cor inválida. Use o formato #RRGGBB.")).toBeVisible();
  await expect(page.getByLabel("Cor principal", { exact: true })).toHaveValue("#12");
  await expect(page.getByLabel("Título da página")).toHaveValue("Título novo");
  expect(await profileOf(pro.id)).toMatchObject({ pageTitle: "Agende seu horário", primaryColor: "#3B82F6" });
});

test("change the booking link: the new one opens the page, the old one answers 404", async ({ page }) => {
  const pro = await createPro({ name: "Carla Mendes" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/perfil");
  const slug = `carla-cabelos-${suffix()}`;
  await page.getByLabel("Seu link").fill(`  Carla Cabelos ${slug.slice(-6).toUpperCase()} `);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Perfil atualizado")).toBeVisible();
  await expect(page.getByLabel("Seu link")).toHaveValue(slug);

  const fresh = await page.goto(`/agendamento/${slug}`);
  expect(fresh?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Carla Mendes" })).toBeVisible();
  const old = await page.goto(`/agendamento/${pro.bookingSlug}`);
  expect(old?.status()).toBe(404);
});

test("upload a photo, see it small on the booking page, then remove it @phone @nojs", async ({ page }) => {
  const pro = await createPro({ name: "Juliana Costa" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/perfil");
  await expect(page.getByRole("img", { name: "Sem foto: sua página mostra suas iniciais" })).toHaveText("JC");

  // A text file named .png is refused by its content.
  await page.getByLabel("Escolher foto").setInputFiles({
    name: "foto.png",
    mimeType: "image/png",
    buffer: Buffer.from("isto não é uma foto"),
  });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByText("Apenas imagens são aceitas").first()).toBeVisible();
  await expect(page.getByText("Tipo inválido")).toBeVisible();

  await page.getByLabel("Escolher foto").setInputFiles({ name: "eu.png", mimeType: "image/png", buffer: pngPhoto() });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByText("Imagem carregada")).toBeVisible();
  const avatar = page.getByRole("img", { name: "Sua foto de perfil" });
  await expect(avatar).toBeVisible();
  const [stored] = await e2eDb().select().from(storedImages).where(eq(storedImages.userId, pro.id));
  expect(stored).toMatchObject({ contentType: "image/jpeg", width: 256, height: 256 });

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  const header = page.locator("main header");
  const img = header.locator("img");
  await expect(img).toHaveAttribute("src", `/imagens/${stored!.id}`);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256);
  const served = await page.request.get(`/imagens/${stored!.id}`);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect((await served.body()).byteLength).toBeLessThan(100 * 1024);
  expect(await page.content()).not.toContain("data:image");

  // 'Remover foto' asks first.
  await page.goto("/configuracoes/perfil");
  await page.getByRole("link", { name: "Remover foto" }).click();
  await expect(page.getByText("Remover sua foto de perfil?")).toBeVisible();
  await page.getByRole("button", { name: "Sim, remover foto" }).click();
  await expect(page.getByText("Foto removida")).toBeVisible();
  await expect(page.getByRole("img", { name: "Sem foto: sua página mostra suas iniciais" })).toBeVisible();
  expect((await profileOf(pro.id)).profileImageId).toBeNull();
  expect((await page.request.get(`/imagens/${stored!.id}`)).status()).toBe(404);
});

async function changeColours({ page, javaScriptEnabled }: { page: Page; javaScriptEnabled: boolean }) {
  const pro = await createPro({ name: "Marina Dias" });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/pagina");
  await expect(page.getByRole("link", { name: "Página", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Título da página")).toHaveValue("Agende seu horário");
  await expect(page.getByLabel("Cor principal", { exact: true })).toHaveValue("#3B82F6");
  await expect(page.getByLabel("Cor secundária", { exact: true })).toHaveValue("#8B5CF6");
  await expect(page.getByRole("switch", { name: /Mostrar preços dos serviços/ })).toBeChecked();
  const preview = page.getByRole("link", { name: "Visualizar Página" });
  await expect(preview).toHaveAttribute("href", `/agendamento/${pro.bookingSlug}`);
  await expect(preview).toHaveAttribute("target", "_blank");

  await page.getByLabel("Título da página").fill("Reserve com a Marina");
  await page.getByLabel("Mensagem de boas-vindas").fill("Olá!\nSeja bem-vinda.");
  await page.getByLabel("Instagram").fill("@marina.unhas");
  if (javaScriptEnabled) {
    // The picker and the hex field follow each other.
    await page.getByLabel("Cor principal: seletor").fill("#e11d48");
    await expect(page.getByLabel("Cor principal", { exact: true })).toHaveValue("#E11D48");
  } else {
    await page.getByLabel("Cor principal", { exact: true }).fill("#e11d48");
  }
  await page.getByLabel("Cor secundária", { exact: true }).fill("#0EA5E9");
  await page.getByText("Mostrar preços dos serviços").click();
  await expect(page.getByRole("switch", { name: /Mostrar preços dos serviços/ })).not.toBeChecked();
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("As configurações da página de agendamento foram atualizadas.")).toBeVisible();
  await expect(page.getByText("Configurações salvas")).toBeVisible();
  expect(await profileOf(pro.id)).toMatchObject({
    pageTitle: "Reserve com a Marina",
    primaryColor: "#E11D48",
    secondaryColor: "#0EA5E9",
    instagramHandle: "marina.unhas",
    showPrices: false,
  });

  // The workspace takes the new colours at once, made readable (decision 0242: white text on
  // the colour, and the colour as text on its own tint, at least 4.5:1).
  const readableRose = readableOnWhiteText("#E11D48");
  const themed = page.locator("[style*='--color-brand']").first();
  await expect(themed).toHaveAttribute("style", new RegExp(`--color-brand:\\s*${readableRose}`));

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  await expect(page.getByRole("heading", { level: 2, name: "Reserve com a Marina" })).toBeVisible();
  await expect(page.getByText("Seja bem-vinda.")).toBeVisible();
  await expect(page.getByRole("link", { name: "@marina.unhas" })).toBeVisible();
  const shell = page.locator("[style*='--color-brand']").first();
  await expect(shell).toHaveAttribute("style", new RegExp(`--color-brand:\\s*${readableRose}`));
  // Sky blue under white text fails AA: the page shows it darkened just enough (decision 0242).
  const readableSky = readableOnWhiteText("#0EA5E9");
  expect(readableSky).not.toBe("#0EA5E9");
  await expect(shell).toHaveAttribute("style", new RegExp(`--color-brand-2:\\s*${readableSky}`));
}

test("change colours and page title and see them on the booking page @phone @nojs", changeColours);

// The same journeys at 390 px without JavaScript (with it, the "phone" project runs them).
test.describe("on a 390px phone screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(({ javaScriptEnabled }) => test.skip(javaScriptEnabled, "with JavaScript on a phone: the phone project"));
  test("edit the profile and see it on the booking page (phone width) @nojs", editProfile);
  test("change colours and page title (phone width) @nojs", changeColours);
});
