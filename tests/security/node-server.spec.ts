// Our Node server (server/node.ts) as `npm start` runs it, started here on its own port WITHOUT
// TRUST_PROXY (the suite's main server trusts one proxy so actors can spread their rate limits):
// the client's address is the socket's, whatever headers say; bodies are limited while read;
// static files carry the security headers.
import { request as httpRequest } from "node:http";
import { test, expect } from "@playwright/test";
import { startNodeServer, type NodeServer } from "./node-process";
import { dayAfter, seedPro } from "./support";

test.describe.configure({ mode: "serial" });
let server: NodeServer;
let base: string;

test.beforeAll(async () => {
  server = await startNodeServer({ TRUST_PROXY: undefined });
  base = server.base;
});

test.afterAll(() => {
  server?.stop();
});

const serverRssMb = () => server.rssMb();

test("without TRUST_PROXY a client rotating X-Forwarded-For or CF-Connecting-IP stays one client", async () => {
  const pro = await seedPro("Proxy");
  const statuses: number[] = [];
  for (let i = 0; i < 24; i++) {
    const res = await fetch(`${base}/agendamento/${pro.bookingSlug}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: base,
        "X-Forwarded-For": `198.51.100.${i + 1}`,
        "CF-Connecting-IP": `203.0.113.${i + 1}`,
      },
      // A complete submission with a name the rules refuse: counted by the per-address cap.
      body: new URLSearchParams({
        servico: pro.ids.service,
        data: dayAfter(12),
        horario: "10:00",
        name: "1",
        phone: `1197${String(1000000 + i)}`,
      }),
    });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
  expect(statuses.at(-1)).toBe(429);
});

test("a chunked 200 MB form post is cut off at 1 MB with 413, without the server holding it", async () => {
  test.setTimeout(60_000);
  const pro = await seedPro("Corpo");
  const before = serverRssMb();
  const started = Date.now();
  const status = await new Promise<number>((resolve, reject) => {
    const url = new URL(`${base}/agendamento/${pro.bookingSlug}`);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "Transfer-Encoding": "chunked" } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(1024 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < 200 && !req.destroyed) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    req.write("name=");
    pump();
  });
  expect(status).toBe(413);
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(serverRssMb() - before).toBeLessThan(100);
});

test("static files carry the security headers and long caching", async () => {
  const favicon = await fetch(`${base}/favicon.svg`);
  expect(favicon.status).toBe(200);
  const login = await (await fetch(`${base}/login`)).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(login)![0];
  const script = await fetch(`${base}${asset}`);
  expect(script.status).toBe(200);
  expect(script.headers.get("cache-control")).toContain("immutable");
  for (const res of [favicon, script]) {
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  }
});
