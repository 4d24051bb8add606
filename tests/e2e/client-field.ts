// 'Cliente' of the agenda's form: a <select> without JavaScript, a combobox to type into with it
// (app/components/agenda/client-combobox.client.tsx, docs/decisions/1142).
import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

export async function chooseClient(page: Page, testInfo: TestInfo, name: string) {
  const field = page.getByLabel("Cliente *", { exact: true });
  if (testInfo.project.name === "no-js") {
    await field.selectOption({ label: name });
    return;
  }
  // Hydrated and the combobox's code fetched: the list became the combobox.
  await expect(field).toHaveJSProperty("tagName", "INPUT");
  await field.fill(name.slice(0, 4));
  await page.getByRole("option", { name, exact: true }).click();
  await expect(field).toHaveValue(name);
}
