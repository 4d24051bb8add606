// What the Worker does with a request before the app sees it, and what Workers Assets send.
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { WORKER_URL } from "./env";

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
