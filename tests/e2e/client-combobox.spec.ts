import { createClient } from "../support/factories";
import { bookablePro, e2eDb, expect, signIn, test } from "./fixtures";

// 'Cliente' of '+ Agendamento Manual' with JavaScript: a combobox (Headless UI) that finds a
// client by a few letters, accents and case aside, picked by keyboard; the error beside the field
// goes once a client is chosen. Without JavaScript it is the <select> (tests/e2e/agenda.spec.ts,
// @nojs). docs/decisions/1142.

test("finds a client by a few letters and picks it with the keyboard", async ({ page }) => {
  const { pro } = await bookablePro({ services: [{ name: "Corte", priceCents: 5000, durationMinutes: 30 }] });
  for (const name of ["José Antônio", "Joana Lima", "Rafael Costa"]) await createClient(e2eDb(), pro.id, { name });
  await signIn(page, pro.id);
  await page.goto("/agenda?novo=1");
  const names = page.getByRole("listbox").getByRole("option");
  const field = page.getByRole("combobox", { name: "Cliente *" });
  // The list stands in (a <select>, also a combobox) until the combobox's code has arrived.
  await expect(field).toHaveJSProperty("tagName", "INPUT");

  await page.getByRole("button", { name: "Agendar" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".field-error").first()).toHaveText("Selecione um cliente");

  await field.fill("jose");
  await expect(names).toHaveText(["José Antônio"]);
  await field.fill("JO");
  await expect(names).toHaveText(["Joana Lima", "José Antônio"]);
  await field.fill("lima");
  await expect(names).toHaveText(["Joana Lima"]);
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(field).toHaveValue("Joana Lima");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(page.getByText("Selecione um cliente", { exact: true })).toHaveCount(0);

  await field.fill("xyz");
  await expect(page.getByText("Nenhum cliente com esse nome")).toBeVisible();
  await field.press("Escape");
  await expect(field).toHaveValue("Joana Lima");
});
