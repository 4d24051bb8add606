// Profile photos are decoded off the request path (issue 20, item 3): four 16-megapixel uploads
// at once from one signed-in professional, while another visitor opens /login. Measured on our
// Node server as `npm start` runs it, in a process of its own (docs/decisions/0710, 0711).
import { eq } from "drizzle-orm";
import { test, expect } from "@playwright/test";
import { profiles } from "../../db/schema";
import { e2eDb } from "../e2e/fixtures";
import { syntheticJpeg, syntheticPng } from "../support/synthetic-images";
import { startNodeServer, type NodeServer } from "./node-process";
import { seedPro, sessionValue } from "./support";

let server: NodeServer;

test.beforeAll(async () => {
  server = await startNodeServer();
});

test.afterAll(() => {
  server?.stop();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeLogin() {
  const started = performance.now();
  const res = await fetch(`${server.base}/login`);
  await res.text();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

test("four 16-megapixel photos at once: /login answers at once and the server's memory stays bounded", async () => {
  test.setTimeout(180_000);
  const pro = await seedPro("Foto");
  const cookie = `__session=${await sessionValue(pro.id)}`;
  // Two phone-like JPEGs (4:2:0, ~3 MB) and two PNGs of 61 KB, all 4000 x 4000.
  const jpeg = syntheticJpeg(4000, 4000);
  const png = syntheticPng(4000, 4000);
  const upload = (bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("image", new Blob([bytes as BlobPart], { type }), name);
    return fetch(`${server.base}/configuracoes/perfil`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.base },
    }).then((res) => res.status);
  };

  for (let i = 0; i < 3; i++) await timeLogin(); // warm
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  let settled = false;
  const uploads = Promise.all([
    upload(jpeg, "camera-1.jpg", "image/jpeg"),
    upload(png, "tela-1.png", "image/png"),
    upload(jpeg, "camera-2.jpg", "image/jpeg"),
    upload(png, "tela-2.png", "image/png"),
  ]).finally(() => (settled = true));
  const logins: number[] = [];
  const started = performance.now();
  do logins.push(await timeLogin());
  while (!settled);
  const statuses = await uploads;
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const after = server.rssMb();
  console.log(
    `[photo-load] uploads ${statuses.join(",")} in ${Math.round(elapsed)} ms; /login x${logins.length}: median ${Math.round(median(logins))} ms, max ${Math.round(Math.max(...logins))} ms; RSS ${Math.round(before)} -> peak ${Math.round(peak)} -> ${Math.round(after)} MB`,
  );

  // Every photo was processed and saved (each answer is the redirect back with 'Imagem carregada').
  expect(statuses).toEqual([302, 302, 302, 302]);
  const [profile] = await e2eDb().select().from(profiles).where(eq(profiles.userId, pro.id));
  expect(profile!.profileImageId).not.toBe(pro.ids.image);
  // The other visitor was not kept waiting: the median of the /login requests made meanwhile.
  expect(median(logins)).toBeLessThan(300);
  expect(peak - before).toBeLessThan(200);
  // And the memory is given back once the photos are done (the worker exits when idle).
  await expect.poll(() => server.rssMb() - before, { timeout: 30_000 }).toBeLessThan(50);
  console.log(`[photo-load] RSS settled at ${Math.round(server.rssMb())} MB`);
});
