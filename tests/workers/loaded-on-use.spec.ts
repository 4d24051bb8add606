import { eq } from "drizzle-orm";
import { encode as encodePng } from "fast-png";
import { storedImages } from "../../db/schema";
import { createPro, expect, fileDb, test } from "./fixtures";

// What the Worker loads on first use, not at start-up (docs/decisions/1220): the photo decoders and
// the zip writer are separate modules of the upload, imported by the request that needs them.
test("a profile photo and 'Baixar meus dados' work on the Workers build, their modules loaded on use", async ({ page }) => {
  const pro = await createPro(`Lia Workers ${crypto.randomUUID().slice(0, 6)}`);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(pro.email);
  await page.getByLabel("Senha", { exact: true }).fill(pro.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A 400x300 PNG, half red and half blue, stored as a 256x256 JPEG.
  const [w, h] = [400, 300];
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set(i % w < w / 2 ? [220, 40, 60, 255] : [30, 90, 220, 255], i * 4);
  await page.goto("/configuracoes/perfil");
  await page.getByLabel("Escolher foto").setInputFiles({
    name: "eu.png",
    mimeType: "image/png",
    buffer: Buffer.from(encodePng({ width: w, height: h, data, channels: 4, depth: 8 })),
  });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByText("Imagem carregada")).toBeVisible();
  const [stored] = await fileDb().select().from(storedImages).where(eq(storedImages.userId, pro.id));
  expect(stored).toMatchObject({ contentType: "image/jpeg", width: 256, height: 256 });

  const archive = await page.request.get("/configuracoes/geral/exportar");
  expect(archive.status()).toBe(200);
  expect(archive.headers()["content-type"]).toBe("application/zip");
  const zip = Buffer.from(await archive.body());
  expect(zip.subarray(0, 2).toString("latin1")).toBe("PK");
  expect(zip.includes("dados.json")).toBe(true);
  expect(zip.includes(`imagens/${stored!.id}`)).toBe(true);
});
