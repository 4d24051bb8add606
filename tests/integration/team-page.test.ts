// The salon's page ('Página da equipe', issue 16): the owner's link asks for the professional,
// books a named one on their own agenda, and 'Qualquer profissional' on a member free then.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRequests, linkedAccounts, profiles, services as servicesTable, subscriptions } from "../../db/schema";
import Booking, { action as bookAction, loader as bookLoader, OFFER_CHANGED } from "../../app/routes/booking";
import { formatMoney } from "../../app/domain/money";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/settings.page";
import type { Db } from "../../app/utils/db.server";
import { createTestDb } from "../support/db";
import { createAppointment, createBookablePro, createProfessional, createService, workingDay } from "../support/factories";
import { renderRoute, visibleText } from "../support/render";
import { callAction, callLoader, replyOf } from "../support/routes";

/** A salon of three: the owner (on a paid plan, page on) and two active members, each with 'Corte'. */
async function salon(db: Db) {
  const owner = await createBookablePro(db, {
    name: "Dona Salão",
    profile: { teamPage: true, businessName: "Salão Bela Vista", specialty: "Coloração" },
    services: [{ name: "Coloração", durationMinutes: 60, priceCents: 12000 }],
  });
  const ana = await createBookablePro(db, { name: "Ana Cabeleireira", profile: { specialty: "Cortes femininos" } });
  const bia = await createBookablePro(db, {
    name: "Bia Manicure",
    services: [
      { name: "corte ", durationMinutes: 45, priceCents: 6000 },
      { name: "Manicure", durationMinutes: 30, priceCents: 3000 },
    ],
  });
  await db
    .update(subscriptions)
    .set({ status: "active", planId: "avancado", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(subscriptions.userId, owner.pro.id));
  for (const member of [ana.pro, bia.pro]) {
    await db.insert(linkedAccounts).values({ ownerId: owner.pro.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
  }
  const services = { owner: owner.service, ana: ana.service, bia: bia.services[0]!, biaNails: bia.services[1]! };
  return { owner: owner.pro, ana: ana.pro, bia: bia.pro, services };
}

const page = async (db: Db, slug: string, query = "") =>
  (await callLoader(bookLoader, { db, path: `/agendamento/${slug}${query}`, params: { slug } })).data;
/** What the customer reads on that step. */
const shown = async (db: Db, slug: string, query = "") =>
  visibleText(renderRoute(Booking, `/agendamento/${slug}${query}`, await page(db, slug, query)));

async function book(db: Db, slug: string, fields: Record<string, string>, ip = "203.0.113.9"): Promise<{ status: number; message?: string }> {
  try {
    const result = await callAction(bookAction, { db, clientAddress: ip, path: `/agendamento/${slug}`, params: { slug }, form: fields });
    if (result instanceof Response) return { status: result.status };
    const r = result as { init?: { status?: number }; data?: { message: string } };
    return { status: r.init?.status ?? 200, message: r.data?.message };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}

const customer = (i = 0) => ({ name: "Maria Clara", phone: `119${String(70000000 + i)}`, notes: "" });
const requestsOf = (db: Db, id: string) => db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, id));

describe("the salon's page", () => {
  it("opens on 'Escolha o profissional' with the owner and the members on the page, plus 'Qualquer profissional'", async () => {
    const db = createTestDb();
    const { owner, ana, bia } = await salon(db);
    const first = await page(db, owner.bookingSlug);
    expect(first.step).toBe(0);
    expect(first.services).toEqual([]);
    expect(first.team?.map((m) => m.fullName)).toEqual(["Dona Salão", "Ana Cabeleireira", "Bia Manicure"]);
    expect(first.team?.find((m) => m.id === ana.id)?.specialty).toBe("Cortes femininos");

    // Bia opts out; the owner does not take clients: only Ana is left on the salon's page.
    await db.update(profiles).set({ onTeamPage: false }).where(eq(profiles.userId, bia.id));
    await db.update(profiles).set({ onTeamPage: false }).where(eq(profiles.userId, owner.id));
    const after = await page(db, owner.bookingSlug);
    expect(after.team?.map((m) => m.id)).toEqual([ana.id]);
    // An opted-out member named in the URL is no choice: the customer chooses again.
    expect((await page(db, owner.bookingSlug, `?profissional=${bia.id}`)).step).toBe(0);
    // Her own page still works.
    const own = await page(db, bia.bookingSlug);
    expect(own.team).toBeNull();
    expect(own.step).toBe(1);
    expect(own.services.map((s) => s.name).sort()).toEqual(["Manicure", "corte "]);
  });

  it("books a named professional on their own agenda, with their services and times", async () => {
    const db = createTestDb();
    const { owner, ana, bia, services } = await salon(db);
    const date = workingDay();
    const step1 = await page(db, owner.bookingSlug, `?profissional=${bia.id}`);
    expect(step1.step).toBe(1);
    expect(step1.services.map((s) => s.id).sort()).toEqual([services.bia.id, services.biaNails.id].sort());
    // Ana's service is not Bia's: asked on Bia's steps, it is no choice.
    expect((await page(db, owner.bookingSlug, `?profissional=${bia.id}&servico=${services.ana.id}&data=${date}`)).step).toBe(1);

    await createAppointment(db, bia.id, { date, startMinute: 600, durationMinutes: 60 });
    const step2 = await page(db, owner.bookingSlug, `?profissional=${bia.id}&servico=${services.biaNails.id}&data=${date}`);
    expect(step2.step).toBe(2);
    expect(step2.slots).not.toContain("10:00");
    expect(step2.slots).toContain("11:00");

    const res = await book(db, owner.bookingSlug, { profissional: bia.id, servico: services.biaNails.id, data: date, horario: "11:00", ...customer() });
    expect(res.status).toBe(302);
    const [made] = await requestsOf(db, bia.id);
    expect(made).toMatchObject({ serviceId: services.biaNails.id, date, startMinute: 660, status: "pending" });
    expect(await requestsOf(db, ana.id)).toHaveLength(0);
    expect(await requestsOf(db, owner.id)).toHaveLength(0);
  });

  it("'Qualquer profissional' offers the team's services by name and the union of free times, and lands on the free member", async () => {
    const db = createTestDb();
    const { owner, ana, bia, services } = await salon(db);
    const date = workingDay();
    const any = await page(db, owner.bookingSlug, "?profissional=qualquer");
    expect(any.step).toBe(1);
    // 'Corte' (Ana) and 'corte ' (Bia) are one service; the owner's 'Coloração' and Bia's 'Manicure' too.
    expect(any.services.map((s) => s.name)).toEqual(["Coloração", "Corte", "Manicure"]);
    expect(any.services.find((s) => s.name === "Corte")).toMatchObject({ durationMinutes: 30, priceCents: 5000, varies: true });

    // Ana is busy at 10:00, Bia is not: 10:00 is still offered (the union), and goes to Bia.
    await createAppointment(db, ana.id, { date, startMinute: 600, durationMinutes: 30 });
    const step2 = await page(db, owner.bookingSlug, `?profissional=qualquer&servico=${services.ana.id}&data=${date}`);
    expect(step2.slots).toContain("10:00");
    const step3 = await page(db, owner.bookingSlug, `?profissional=qualquer&servico=${services.ana.id}&data=${date}&horario=10:00`);
    const res = await book(db, owner.bookingSlug, { profissional: "qualquer", servico: services.ana.id, data: date, horario: "10:00", oferta: step3.finalOffer!.key, ...customer() });
    expect(res.status).toBe(302);
    expect(await requestsOf(db, ana.id)).toHaveLength(0);
    const [made] = await requestsOf(db, bia.id);
    // Bia's own 'corte ' (45 minutes, her price), not Ana's.
    expect(made).toMatchObject({ serviceId: services.bia.id, durationMinutes: 45, priceCents: 6000, startMinute: 600 });

    // Now both are busy at 10:00: the time is gone from the union, and a post for it is refused.
    const later = await page(db, owner.bookingSlug, `?profissional=qualquer&servico=${services.ana.id}&data=${date}`);
    expect(later.slots).not.toContain("10:00");
    const again = await book(db, owner.bookingSlug, { profissional: "qualquer", servico: services.ana.id, data: date, horario: "10:00", oferta: step3.finalOffer!.key, ...customer(1) });
    expect(again.status).toBe(409);
    expect(await requestsOf(db, bia.id)).toHaveLength(1);
  });

  it("a 30-way race on 'Qualquer profissional' for one time with two members free makes two requests on two members", async () => {
    const db = createTestDb();
    const { owner, ana, bia, services } = await salon(db);
    // Both at Ana's price and duration: either may take what step 3 showed.
    await db.update(servicesTable).set({ durationMinutes: 30, priceCents: 5000 }).where(eq(servicesTable.id, services.bia.id));
    const date = workingDay(3);
    const { finalOffer } = await page(db, owner.bookingSlug, `?profissional=qualquer&servico=${services.ana.id}&data=${date}&horario=14:00`);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        book(
          db,
          owner.bookingSlug,
          { profissional: "qualquer", servico: services.ana.id, data: date, horario: "14:00", oferta: finalOffer!.key, ...customer(i) },
          `198.51.100.${i}`,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 302)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 302)) expect(r.message).toBe("Este horário acabou de ser ocupado. Escolha outro horário.");
    const made = await db.select().from(bookingRequests);
    expect(made).toHaveLength(2);
    expect(new Set(made.map((r) => r.professionalId))).toEqual(new Set([ana.id, bia.id]));
    expect(made.every((r) => r.date === date && r.startMinute === 840)).toBe(true);
  });

  it("'Qualquer profissional' shows the real price range, then who takes the time and at what price before 'Confirmar', and never books above it", async () => {
    const db = createTestDb();
    const { owner, ana, bia } = await salon(db);
    const escova = await createService(db, ana.id, { name: "Escova", durationMinutes: 30, priceCents: 5000 });
    await createService(db, bia.id, { name: "Escova", durationMinutes: 30, priceCents: 5500 });
    const [r50, r55] = [formatMoney(5000), formatMoney(5500)];
    const date = workingDay();
    const at = (time: string) => `?profissional=qualquer&servico=${escova.id}&data=${date}&horario=${time}`;
    const post = (time: string, oferta: string | undefined, i: number) =>
      book(db, owner.bookingSlug, { profissional: "qualquer", servico: escova.id, data: date, horario: time, oferta: oferta ?? "", ...customer(i) });
    const requestAt = async (minute: number) => (await db.select().from(bookingRequests)).filter((r) => r.startMinute === minute);

    // Steps 1 and 2: the members' range, not the lowest price alone.
    expect(await shown(db, owner.bookingSlug, "?profissional=qualquer")).toContain(`Escova 30min · ${r50} a ${r55}`);
    expect(await shown(db, owner.bookingSlug, `?profissional=qualquer&servico=${escova.id}&data=${date}`)).toContain(`${r50} a ${r55}`);

    // Ana (R$ 50) is busy at 10:00: step 3 says Bia and R$ 55,00 before 'Confirmar', and the request is Bia's at that price.
    await createAppointment(db, ana.id, { date, startMinute: 600, durationMinutes: 30 });
    const at10 = await shown(db, owner.bookingSlug, at("10:00"));
    expect(at10).toContain(`Profissional Bia Manicure quem atende neste horário Serviço Escova · 30min · ${r55}`);
    expect(at10).not.toContain(r50);
    expect((await post("10:00", (await page(db, owner.bookingSlug, at("10:00"))).finalOffer?.key, 0)).status).toBe(302);
    expect(await requestAt(600)).toMatchObject([{ professionalId: bia.id, priceCents: 5500 }]);

    // Both free at 11:00: Ana at R$ 50 is shown. She is taken before the customer confirms:
    // nobody is booked at R$ 55, and the page now shows Bia and her price.
    const at11 = await page(db, owner.bookingSlug, at("11:00"));
    expect(visibleText(renderRoute(Booking, `/agendamento/${owner.bookingSlug}${at("11:00")}`, at11))).toContain(
      `Profissional Ana Cabeleireira quem atende neste horário Serviço Escova · 30min · ${r50}`,
    );
    await createAppointment(db, ana.id, { date, startMinute: 660, durationMinutes: 30 });
    const late = await post("11:00", at11.finalOffer?.key, 1);
    expect(late).toEqual({ status: 409, message: OFFER_CHANGED });
    expect(await requestAt(660)).toEqual([]);
    expect(await shown(db, owner.bookingSlug, at("11:00"))).toContain(`Profissional Bia Manicure quem atende neste horário Serviço Escova · 30min · ${r55}`);

    // Both free at 14:00: the R$ 50 shown is what is booked.
    expect((await post("14:00", (await page(db, owner.bookingSlug, at("14:00"))).finalOffer?.key, 2)).status).toBe(302);
    expect(await requestAt(840)).toMatchObject([{ professionalId: ana.id, priceCents: 5000 }]);
    // A post without the offer shown (or a forged one) books nobody.
    expect(await post("15:00", "nada", 3)).toEqual({ status: 409, message: OFFER_CHANGED });
    expect(await requestAt(900)).toEqual([]);
  });

  it("is a one-person page while the switch is off, and without active members", async () => {
    const db = createTestDb();
    const { owner, services } = await salon(db);
    await db.update(profiles).set({ teamPage: false }).where(eq(profiles.userId, owner.id));
    const own = await page(db, owner.bookingSlug);
    expect(own.team).toBeNull();
    expect(own.services.map((s) => s.id)).toEqual([services.owner.id]);
    // A post without a professional on the salon's page books nobody.
    await db.update(profiles).set({ teamPage: true }).where(eq(profiles.userId, owner.id));
    const date = workingDay();
    const res = await book(db, owner.bookingSlug, { servico: services.owner.id, data: date, horario: "10:00", ...customer() });
    expect(res.status).toBe(400);
    expect(await db.select().from(bookingRequests)).toHaveLength(0);
  });
});

describe("Configurações > Página: 'Página da equipe'", () => {
  const PATH = "/configuracoes/pagina";
  const load = async (db: Db, who: { id: string; email: string }) => await callLoader(settingsLoader, { db, as: who, path: PATH });
  const save = (db: Db, who: { id: string; email: string }, fields: Record<string, string>) =>
    callAction(settingsAction, { db, as: who, path: PATH, form: { intent: "team", ...fields } });
  const profileOf = async (db: Db, id: string) => (await db.select().from(profiles).where(eq(profiles.userId, id)))[0]!;

  it("the owner turns the salon page on and themselves off; a member only opts out; a loner is refused", async () => {
    const db = createTestDb();
    const { owner, ana } = await salon(db);
    await db.update(profiles).set({ teamPage: false }).where(eq(profiles.userId, owner.id));
    expect((await load(db, owner)).team).toMatchObject({ owner: true, member: false, teamPage: false, onTeamPage: true });
    expect((await load(db, ana)).team).toMatchObject({ owner: false, member: true });

    const saved = await save(db, owner, { teamPage: "on" });
    expect(saved).toBeInstanceOf(Response);
    expect(await profileOf(db, owner.id)).toMatchObject({ teamPage: true, onTeamPage: false });

    // A member cannot turn a salon page on for themselves, only appear or not.
    await save(db, ana, { teamPage: "on" });
    expect(await profileOf(db, ana.id)).toMatchObject({ teamPage: false, onTeamPage: false });
    await save(db, ana, { onTeamPage: "on" });
    expect(await profileOf(db, ana.id)).toMatchObject({ teamPage: false, onTeamPage: true });

    const loner = await createProfessional(db);
    expect((await load(db, loner)).team).toMatchObject({ owner: false, member: false });
    const refused = replyOf(await save(db, loner, { teamPage: "on", onTeamPage: "on" }));
    expect(refused.init?.status).toBe(400);
    expect(refused.data.teamError).toBe("Você não faz parte de uma equipe.");
    expect(await profileOf(db, loner.id)).toMatchObject({ teamPage: false });
  });
});
