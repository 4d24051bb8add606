import { eq } from "drizzle-orm";
import { profiles, storedImages } from "../../db/schema";
import { syntheticJpeg } from "../support/synthetic-images";
import { bookablePro, expect, fileDb, signIn, test } from "./fixtures";

// A profile photo decoded, resized and encoded inside the Worker's own isolate (docs/decisions/0711,
// 0712: no worker threads there), as a phone sends it without JavaScript (with it the browser
// would shrink the photo first): a 12-megapixel JPEG.
test.use({ javaScriptEnabled: false });

test("a profile photo from a phone is made small in the Worker and served on the booking page", async ({ page }) => {
  const { pro } = await bookablePro({ name: `Photo Workers ${crypto.randomUUID().slice(0, 6)}` });
  await signIn(page, pro.id);
  await page.goto("/configuracoes/perfil");
  await page.getByLabel("Escolher foto").setInputFiles({ name: "eu.jpg", mimeType: "image/jpeg", buffer: Buffer.from(syntheticJpeg(4000, 3000)) });
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByText("Imagem carregada")).toBeVisible();
  await expect(page.getByRole("img", { name: "Sua foto de perfil" })).toBeVisible();

  const [stored] = await fileDb().select().from(storedImages).where(eq(storedImages.userId, pro.id));
  expect(stored).toMatchObject({ contentType: "image/jpeg", width: 256, height: 256 });
  expect((await fileDb().select().from(profiles).where(eq(profiles.userId, pro.id)))[0]?.profileImageId).toBe(stored!.id);

  await page.goto(`/agendamento/${pro.bookingSlug}`);
  const img = page.locator("main header img");
  await expect(img).toHaveAttribute("src", `/imagens/${stored!.id}`);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256);
});
