// Issue 20, item 1: the booking form made the app e-mail any address a stranger typed, with the
// stranger's words first. The same attack as reported (104 booking posts from one client address
// across five pages, each with a new phone and a new victim's address) now sends at most a few
// customer e-mails, while every booking the flood guard lets through still succeeds; a name that
// is a link is refused beside the field.
import { test, expect } from "@playwright/test";
import { and, eq, inArray, like } from "drizzle-orm";
import { bookingRequests, emailOutbox } from "../../db/schema";
import { e2eDb } from "../e2e/fixtures";
import { actor, dayAfter, seedPro } from "./support";

test("104 booking posts from one address to 104 new addresses on five pages send at most 5 customer e-mails", async ({ playwright }) => {
  test.setTimeout(90_000);
  const pros = await Promise.all([1, 2, 3, 4, 5].map((n) => seedPro(`Alvo${n}`)));
  const tag = crypto.randomUUID().slice(0, 8);
  const api = await actor(playwright);
  const date = dayAfter(20);
  const statuses: number[] = [];
  for (let i = 0; i < 104; i++) {
    const pro = pros[i % 5]!;
    const slot = 8 * 60 + Math.floor(i / 5) * 30;
    const res = await api.post(`/agendamento/${pro.bookingSlug}`, {
      form: {
        servico: pro.ids.service,
        data: date,
        horario: `${String(Math.floor(slot / 60)).padStart(2, "0")}:${String(slot % 60).padStart(2, "0")}`,
        // An ordinary name: the e-mail bound holds on its own, not because the name is refused.
        name: "Ana Souza",
        phone: `11 9${String(60000000 + i)}`,
        email: `vitima${i}-${tag}@example.org`,
      },
      maxRedirects: 0,
    });
    statuses.push(res.status());
  }
  // The flood guard lets 20 a page and 100 in all through; each of those is a booking.
  expect(statuses.filter((s) => s === 302)).toHaveLength(100);
  expect(statuses.slice(100)).toEqual([429, 429, 429, 429]);
  const db = e2eDb();
  const requests = await db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(and(inArray(bookingRequests.professionalId, pros.map((p) => p.id)), like(bookingRequests.customerEmail, `%-${tag}@example.org`)));
  expect(requests).toHaveLength(100);
  const mails = await db.select().from(emailOutbox).where(like(emailOutbox.to, `%-${tag}@example.org`));
  expect(mails.length).toBeGreaterThan(0);
  expect(mails.length).toBeLessThanOrEqual(5);
  for (const mail of mails) expect(mail.text.startsWith("Olá!\n"), mail.text).toBe(true);
});

test("a name that is a link is refused beside the name field, and nothing is booked", async ({ playwright }) => {
  const pro = await seedPro("Nome");
  const api = await actor(playwright);
  const step = { servico: pro.ids.service, data: dayAfter(21), horario: "15:00" };
  // Posted as the page's form does: to step 3's address, so the answer is step 3 again.
  const res = await api.post(`/agendamento/${pro.bookingSlug}?${new URLSearchParams(step)}`, {
    form: {
      ...step,
      name: "Ganhe premio em premio.example.com",
      phone: "11 96000-9999",
      email: "vitima@example.org",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  const html = await res.text();
  // Beside the name field: its message is the field's description.
  const field = /<input[^>]*name="name"[^>]*>/.exec(html)?.[0] ?? "";
  const described = /aria-describedby="([^"]+)"/.exec(field)?.[1];
  expect(described, field).toBeTruthy();
  expect(html).toMatch(new RegExp(`id="${described}"[^>]*>Nome não pode conter endereço de site ou de e-mail<`));
  expect(await e2eDb().select().from(bookingRequests).where(eq(bookingRequests.customerPhone, "11960009999"))).toHaveLength(0);
});
