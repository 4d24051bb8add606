// What the Worker does with a request before the app sees it, and what Workers Assets send.
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { services } from "../../db/schema";
import { WORKER_URL } from "./env";
import { createPro, httpDb } from "./fixtures";

test("a chunked form body over 1 MB is refused with 413 on Workers too", async () => {
  const url = new URL(`${WORKER_URL}/login`);
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: WORKER_URL, "Transfer-Encoding": "chunked" } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.write("email=");
    const chunk = Buffer.alloc(64 * 1024, "a");
    for (let i = 0; i < 40; i++) req.write(chunk); // 2.5 MB, no Content-Length
    req.end();
  });
  expect(status).toBe(413);
});

test("static files come with the security headers of public/_headers", async ({ request }) => {
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["x-content-type-options"]).toBe("nosniff");
  expect(favicon.headers()["x-frame-options"]).toBe("DENY");
  expect(favicon.headers()["content-security-policy"]).toContain("default-src 'none'");
});

test("the booking link's first step: kept whole in the Cache API, no nonce, its script allowed by hash and running", async ({ page, request }) => {
  const pro = await createPro(`Studio Borda ${crypto.randomUUID().slice(0, 6)}`);
  await httpDb().insert(services).values({ userId: pro.id, name: "Corte", priceCents: 5000, durationMinutes: 30 });
  const first = await request.get(`/agendamento/${pro.bookingSlug}`);
  const second = await request.get(`/agendamento/${pro.bookingSlug}`);
  const html = await first.text();
  expect(html).toContain("Corte");
  expect(html).not.toContain("nonce");
  expect(await second.text()).toBe(html);
  expect(first.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'/);

  // With JavaScript the page's one inline script runs (the policy allows it): Continuar waits for a choice.
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to execute/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto(`/agendamento/${pro.bookingSlug}`);
  await expect(page.getByRole("button", { name: "Continuar" })).toBeDisabled();
  await page.getByText("Corte", { exact: true }).click();
  await expect(page.getByRole("button", { name: "Continuar" })).toBeEnabled();
  expect(violations).toEqual([]);
});
