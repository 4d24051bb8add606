// Tenant isolation: a second professional tries the first one's ids on every private route
// and action (GET and POST, page and `.data`): 404 every time, and every row of the first
// professional is byte-for-byte what it was.
import { test, expect } from "@playwright/test";
import { ACTIONS, fill, PRIVATE_GETS, PRIVATE_GETS_BY_ID } from "./routes";
import { eq } from "drizzle-orm";
import { appointments, clients, linkedAccounts, profiles, scheduleExceptions, subscriptions } from "../../db/schema";
import { e2eDb } from "../e2e/fixtures";
import { BASE, dayAfter, expectSafeAnswer, seedPro, signedInActor, snapshot } from "./support";

test("tenancy: another professional's ids answer 404 and change nothing", async ({ playwright }) => {
  test.setTimeout(90_000);
  const [owner, intruder] = await Promise.all([seedPro("Dona"), seedPro("Intrusa")]);
  const api = await signedInActor(playwright, intruder.id);
  const before = await snapshot(owner);
  const intruderBefore = await snapshot(intruder);

  // GET: a screen that names one row by id (page and data request).
  for (const template of PRIVATE_GETS_BY_ID) {
    const path = fill(template, owner.ids);
    const page = await api.get(path, { maxRedirects: 0 });
    expect(page.status(), `GET ${path}`).toBe(404);
    await expectSafeAnswer(page, `GET ${path}`);
    const body = await page.text();
    for (const name of Object.values(owner.names)) expect(body, `GET ${path} leaks`).not.toContain(name);
    const [pathname, query] = path.split("?");
    const data = await api.get(`${pathname}.data${query ? `?${query}` : ""}`, { maxRedirects: 0 });
    expect(data.status(), `GET ${pathname}.data?${query}`).toBe(404);
  }

  // POST: every action that names a row, with the owner's id (valid fields otherwise).
  const targeted = ACTIONS.filter((a) => a.auth === "private" && a.target);
  expect(targeted.length).toBeGreaterThan(10);
  for (const spec of targeted) {
    // The intruder's own valid fields, the owner's id in the target field.
    const fields = { ...spec.fields(intruder.ids, { date: intruder.date, slug: intruder.bookingSlug }), [spec.target!.field]: owner.ids[spec.target!.id] };
    const res = await api.post(spec.path, { form: fields, maxRedirects: 0 });
    expect(res.status(), `POST ${spec.name} with the owner's id`).toBe(404);
    await expectSafeAnswer(res, spec.name);
    const data = await api.post(`${spec.path}.data`, { form: fields, maxRedirects: 0 });
    expect(data.status(), `POST ${spec.path}.data ${spec.name}`).toBe(404);
  }

  // Creating with the owner's rows as references: refused (400 beside the field), nothing created.
  const references: { path: string; form: Record<string, string> }[] = [
    { path: "/agenda", form: { intent: "create", clientId: owner.ids.client, serviceId: intruder.ids.service, date: intruder.date, time: "15:00" } },
    { path: "/agenda", form: { intent: "create", clientId: intruder.ids.client, serviceId: owner.ids.service, date: intruder.date, time: "15:00" } },
    { path: "/agenda", form: { intent: "update", id: intruder.ids.appointment, clientId: owner.ids.client, serviceId: owner.ids.service, date: intruder.date, time: "15:00" } },
    { path: "/servicos", form: { intent: "create-service", nome: "Corte", preco: "10,00", duracao: "30", categoria: owner.ids.category, cor: "#4F46E5" } },
    { path: "/servicos", form: { intent: "update-service", id: intruder.ids.service, nome: "Corte", preco: "10,00", duracao: "30", categoria: owner.ids.category, cor: "#4F46E5" } },
  ];
  for (const { path, form } of references) {
    const res = await api.post(path, { form, maxRedirects: 0 });
    expect(res.status(), `POST ${path} ${form.intent} referencing the owner's rows`).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
  }
  expect(await snapshot(intruder), "nothing created or changed from another professional's references").toEqual(intruderBefore);

  // Every other private action, as the intruder (own fields), and the ones that could reach the
  // owner through a shared value: the owner's booking link, the owner's e-mail as a linked account.
  for (const spec of ACTIONS.filter((a) => a.auth === "private" && !a.target)) {
    const fields = spec.fields(intruder.ids, { date: intruder.date, slug: intruder.bookingSlug });
    const res = await api.post(spec.path, { form: fields, maxRedirects: 0 });
    expect(res.status(), `POST ${spec.name} as the intruder`).toBeLessThan(500);
  }
  const profile = ACTIONS.find((a) => a.name === "settings profile")!;
  const takeSlug = await api.post(profile.path, {
    form: { ...profile.fields(intruder.ids, { date: intruder.date, slug: intruder.bookingSlug }), bookingSlug: owner.bookingSlug },
    maxRedirects: 0,
  });
  expect(takeSlug.status(), "the owner's booking link is not up for grabs").toBe(400);
  const link = await api.post("/configuracoes/contas", { form: { intent: "add", email: owner.email }, maxRedirects: 0 });
  expect(link.status(), "linking the owner's account").toBeLessThan(500);
  expect(link.status() === 302 ? link.headers().location : "", "linking the owner's account refused").not.toBe("/configuracoes/contas");

  // Lists, exports and reports filtered by the owner's ids show none of the owner's rows.
  const ownerIds = { ...owner.ids };
  for (const template of [...PRIVATE_GETS.filter((p) => !PRIVATE_GETS_BY_ID.includes(p as never)), "/relatorios/exportar?servico={service}", "/agenda?novo=1&clientId={client}&serviceId={service}&date=" + owner.date]) {
    const path = fill(template, ownerIds);
    const res = await api.get(path, { maxRedirects: 0 });
    expect(res.status(), `GET ${path}`).toBeLessThan(500);
    const body = await res.text();
    for (const [what, name] of Object.entries(owner.names)) expect(body, `GET ${path} shows the owner's ${what}`).not.toContain(name);
    expect(body, `GET ${path} shows the owner's e-mail`).not.toContain(owner.email);
  }

  expect(await snapshot(owner), "the owner's rows, byte for byte").toEqual(before);
});

test("tenancy: the customer's private link and the .ics answer only to their own token", async ({ playwright }) => {
  const owner = await seedPro("Reserva");
  const api = await signedInActor(playwright, (await seedPro("Outra")).id);
  const before = await snapshot(owner);
  for (const token of [owner.ids.request, owner.ids.token.slice(0, -1), `${owner.ids.token}x`, owner.ids.token.toUpperCase()]) {
    const page = await api.get(`/agendamento/reserva/${encodeURIComponent(token)}`, { maxRedirects: 0 });
    expect(page.status(), `status page with ${token}`).toBe(404);
    const ics = await api.get(`/agendamento/reserva/${encodeURIComponent(token)}/ics`, { maxRedirects: 0 });
    expect(ics.status(), `.ics with ${token}`).toBe(404);
    const cancel = await api.post(`/agendamento/reserva/${encodeURIComponent(token)}`, { form: { intent: "cancel" }, maxRedirects: 0 });
    expect(cancel.status(), `cancel with ${token}`).toBe(404);
  }
  expect(await snapshot(owner)).toEqual(before);
});

test("the calendar feed, fetched by its address, holds the service and the customer's first name, no phone or notes", async ({ playwright }) => {
  const db = e2eDb();
  const pro = await seedPro("Feed");
  const token = `feed-${crypto.randomUUID()}`;
  await db.update(profiles).set({ calendarFeedToken: token }).where(eq(profiles.userId, pro.id));
  await db.update(appointments).set({ notes: "Alergia a amônia" }).where(eq(appointments.id, pro.ids.appointment));
  const [client] = await db.select().from(clients).where(eq(clients.id, pro.ids.client));
  const stranger = await playwright.request.newContext({ baseURL: BASE });
  const res = await stranger.get(`/calendario/${token}.ics`);
  expect(res.status()).toBe(200);
  const feed = (await res.text()).replace(/\r\n[ \t]/g, ""); // unfolded
  expect(feed).toContain(`SUMMARY:${client!.name.split(" ")[0]} — ${pro.names.service}`);
  expect(feed.includes(client!.phone), "the customer's phone").toBe(false);
  expect(feed.includes(client!.name), "the customer's full name").toBe(false);
  expect(feed.includes("amônia"), "the appointment's notes").toBe(false);
});

test("tenancy in a salon: members keep their data; the owner sees appointments, not client lists, and changes nothing unallowed", async ({ playwright }) => {
  test.setTimeout(90_000);
  const db = e2eDb();
  const [owner, ana, bia] = await Promise.all([seedPro("Salao"), seedPro("Membra"), seedPro("Outra")]);
  await db.insert(linkedAccounts).values([
    { ownerId: owner.id, linkedUserEmail: ana.email, linkedUserId: ana.id, status: "active" },
    { ownerId: owner.id, linkedUserEmail: bia.email, linkedUserId: bia.id, status: "active" },
  ]);
  // A team needs the owner's paid plan (members get in through it).
  await db
    .update(subscriptions)
    .set({ status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(subscriptions.userId, owner.id));
  // The member's private block and private day off (reasons for her eyes only), a public one, and the owner's own block.
  const [closedPrivately, closedPublicly] = [dayAfter(11), dayAfter(12)];
  await db.insert(scheduleExceptions).values([
    { userId: ana.id, kind: "blocked", startDate: ana.date, endDate: ana.date, startMinute: 14 * 60, endMinute: 15 * 60, reason: "Consulta no oncologista" },
    { userId: ana.id, kind: "closed", startDate: closedPrivately, endDate: closedPrivately, reason: "Audiência do divórcio" },
    { userId: ana.id, kind: "closed", startDate: closedPublicly, endDate: closedPublicly, reason: "Feriado municipal", showReason: true },
    { userId: owner.id, kind: "blocked", startDate: ana.date, endDate: ana.date, startMinute: 16 * 60, endMinute: 17 * 60, reason: "Reunião com fornecedor" },
  ]);
  const [asOwner, asAna] = await Promise.all([signedInActor(playwright, owner.id), signedInActor(playwright, ana.id)]);
  const [anaBefore, biaBefore] = await Promise.all([snapshot(ana), snapshot(bia)]);

  // A member reads nothing of another member, nor of the owner, and has no 'Equipe'.
  for (const other of [bia, owner]) {
    for (const template of PRIVATE_GETS_BY_ID) {
      const path = fill(template, other.ids);
      const res = await asAna.get(path, { maxRedirects: 0 });
      expect(res.status(), `member GET ${path}`).toBe(404);
    }
  }
  expect((await asAna.get("/equipe", { maxRedirects: 0 })).status()).toBe(404);
  expect((await asAna.post("/equipe", { form: { intent: "cancel", id: bia.ids.appointment }, maxRedirects: 0 })).status()).toBe(404);
  for (const id of [bia.ids.request, owner.ids.request]) {
    expect((await asAna.post("/equipe", { form: { intent: "accept-request", id }, maxRedirects: 0 })).status()).toBe(404);
  }

  // The owner: a member's rows by id in the member's own screens are 404 (clients above all).
  // 'Fechar atendimento' is the salon's counter's, for any member's service (docs/decisions/1051).
  for (const template of PRIVATE_GETS_BY_ID.filter((p) => !p.startsWith("/equipe") && !p.startsWith("/caixa/fechar"))) {
    const path = fill(template, ana.ids);
    expect((await asOwner.get(path, { maxRedirects: 0 })).status(), `owner GET ${path}`).toBe(404);
  }
  const closing = await asOwner.get(`/caixa/fechar?atendimento=${ana.ids.appointment}`, { maxRedirects: 0 });
  expect(closing.status()).toBe(200);
  expect(await closing.text()).toContain("Atendimento de");
  // The owner's lists and exports show no member's client.
  for (const path of ["/clientes", "/clientes/exportar", "/relatorios/exportar", "/solicitacoes", "/agenda?vista=lista"]) {
    const body = await (await asOwner.get(path, { maxRedirects: 0 })).text();
    expect(body, `owner GET ${path}`).not.toContain(ana.names.client);
  }
  // 'Equipe' shows the member's appointment with the client's name, never the phone or notes.
  const team = await asOwner.get(`/equipe?vista=dia&data=${ana.date}&ver=${ana.ids.appointment}`, { maxRedirects: 0 });
  expect(team.status()).toBe(200);
  const body = await team.text();
  expect(body).toContain(ana.names.client);
  const [anaClient] = await db.select().from(clients).where(eq(clients.id, ana.ids.client));
  expect(body).not.toContain(anaClient!.phone);
  // A member's private reasons stay hers: 'Indisponível' in the owner's columns (the page and its data).
  const visible = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<[^>]+>/g, " ");
  for (const path of [`/equipe?vista=dia&data=${ana.date}`, `/equipe?vista=dia&data=${closedPrivately}`, `/equipe?vista=semana&data=${closedPrivately}`]) {
    const page = await (await asOwner.get(path, { maxRedirects: 0 })).text();
    expect(page.match(/oncologista|divórcio/)?.[0] ?? null, `owner GET ${path} names a private reason`).toBeNull();
    expect(visible(page).includes("Indisponível"), `owner GET ${path} says Indisponível`).toBe(true);
    const data = await (await asOwner.get(path.replace("/equipe?", "/equipe.data?"), { maxRedirects: 0 })).text();
    expect(data.match(/oncologista|divórcio/)?.[0] ?? null, `owner GET ${path} (data) names a private reason`).toBeNull();
  }
  expect(body.includes("Reunião com fornecedor"), "the owner's own block keeps its reason").toBe(true);
  expect(visible(await (await asOwner.get(`/equipe?vista=dia&data=${closedPublicly}`)).text()).includes("Feriado municipal"), "a public reason is shown").toBe(true);
  // Her own agenda still says why.
  expect((await (await asAna.get(`/agenda?vista=dia&data=${ana.date}`)).text()).includes("Consulta no oncologista"), "her own agenda says why").toBe(true);
  // Without the member's permission, no change: neither their appointments nor their requests.
  for (const [intent, id] of [["confirm", ana.ids.appointment], ["cancel", ana.ids.appointment], ["accept-request", ana.ids.request], ["decline-request", ana.ids.request]]) {
    const res = await asOwner.post(`/equipe`, { form: { intent: intent!, id: id! }, maxRedirects: 0 });
    expect(res.status(), `owner ${intent} without permission`).toBe(404);
    await expectSafeAnswer(res, `owner ${intent}`);
  }
  // 'Concluir' leads to 'Fechar atendimento' (here refused: the service has not started), completing nothing by itself.
  const complete = await asOwner.post(`/equipe`, { form: { intent: "complete", id: ana.ids.appointment }, maxRedirects: 0 });
  expect(complete.status(), "owner complete without permission").toBe(302);
  await expectSafeAnswer(complete, "owner complete");
  expect(await snapshot(ana), "the member's rows, byte for byte").toEqual(anaBefore);
  expect(await snapshot(bia)).toEqual(biaBefore);
});
