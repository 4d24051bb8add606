// Issue 32 finding 16: a salon owner's money is the salon's when she asks for it. 'Meu' or
// 'Salão' on the dashboard, the Caixa and Relatórios, from one definition of the salon (the owner
// and her active members) and of 'Recebido'; offered only to an owner with members, remembered on
// the device, never reaching a member or another salon. The owner closes any member's service
// (docs/decisions/1051); changing a member's agenda still needs the member's permission.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, cashClosings, linkedAccounts, profiles } from "../../db/schema";
import CashClose, { action as closeAction, loader as closeLoader } from "../../app/routes/cash-close";
import Cash, { loader as cashLoader, middleware as cashMiddleware } from "../../app/routes/cash";
import { loader as cashExport } from "../../app/routes/cash.export";
import Dashboard, { loader as dashboardLoader, middleware as dashboardMiddleware } from "../../app/routes/dashboard";
import Reports, { loader as reportsLoader } from "../../app/routes/reports";
import { loader as reportsExport } from "../../app/routes/reports.export";
import { action as teamAction, loader as teamLoader } from "../../app/routes/team";
import { middleware as workspaceMiddleware } from "../../app/routes/workspace";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, ORIGIN, sequentialTrips, settleBackground, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createClient, createProfessional } from "../support/factories";
import { callAction, callLoader, routeArgs, runMiddleware, signIn, thrownStatus, type RouteArgs } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";

// "Now" is Monday 10/03/2025 12:00 in São Paulo (15:00 UTC).
const NOW = new Date("2025-03-10T15:00:00Z");
const TODAY = "2025-03-10";
const DAY = `periodo=customizado&de=${TODAY}&ate=${TODAY}`;

let db: Db;
type Pro = Awaited<ReturnType<typeof createProfessional>> & { clientId: string; serviceId: string };

async function pro(name: string): Promise<Pro> {
  const { pro: p, service } = await createBookablePro(db, { name, services: [{ name: `Serviço de ${name}`, priceCents: 5000, durationMinutes: 60 }] });
  const client = await createClient(db, p.id, { name: `Cliente de ${name}` });
  return { ...p, clientId: client.id, serviceId: service.id };
}

async function link(owner: Pro, member: Pro) {
  await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status: "active" });
}

const ctx = (p: Pro) => userContextFor(db, p);
const nb = (s: string) => s.replaceAll("\u00a0", " ");
const text = (html: string) => nb(visibleText(html));

/** An appointment of `p` today at `hour`, closed by `by` (its professional unless told) with these payments and tip. */
async function closed(p: Pro, hour: number, priceCents: number, payments: [string, string][], opts: { tip?: string; by?: Pro; pending?: boolean } = {}) {
  const appt = await createAppointment(db, p.id, { clientId: p.clientId, serviceId: p.serviceId, serviceName: "Serviço", date: TODAY, startMinute: hour * 60, priceCents });
  const price = (priceCents / 100).toFixed(2).replace(".", ",");
  const form: Record<string, string> = {
    intent: opts.pending ? "close-pending" : "close",
    id: appt.id,
    "itens[0].tipo": "service",
    "itens[0].nome": "Serviço",
    "itens[0].preco": price,
    "itens[0].quantidade": "1",
    descontoTipo: "valor",
    desconto: "",
    gorjeta: opts.tip ?? "",
  };
  payments.forEach(([method, value], i) => {
    form[`pagamentos[${i}].metodo`] = method;
    form[`pagamentos[${i}].valor`] = value;
  });
  const res = await callAction(closeAction, { context: await ctx(opts.by ?? p), path: `/caixa/fechar?atendimento=${appt.id}`, form });
  expect(res).toBeInstanceOf(Response);
  expect((res as Response).status).toBe(302);
  return appt;
}

let owner: Pro, ana: Pro, bia: Pro, outsider: Pro, outsiderMember: Pro;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  owner = await pro("Dona Carla");
  ana = await pro("Ana Lima");
  bia = await pro("Bia Souza");
  outsider = await pro("Olga Fora");
  outsiderMember = await pro("Rita Fora");
  await link(owner, ana);
  await link(owner, bia);
  await link(outsider, outsiderMember);
  // The owner's chair: R$ 90,00 by Pix.
  await closed(owner, 9, 9000, [["pix", "90,00"]]);
  // Ana: R$ 150,00 and a R$ 10,00 tip, R$ 100,00 in cash and R$ 60,00 by Pix.
  await closed(ana, 10, 15000, [["cash", "100,00"], ["pix", "60,00"]], { tip: "10,00" });
  // Bia: R$ 125,00 on the credit card, and a R$ 40,00 service done but not paid yet.
  await closed(bia, 11, 12500, [["credit", "125,00"]]);
  await closed(bia, 8, 4000, [], { pending: true });
  // Another salon's money never counts here.
  await closed(outsiderMember, 9, 99900, [["pix", "999,00"]]);
});

afterEach(() => vi.useRealTimers());

describe("Meu or Salão: the owner's figures", () => {
  it("the salon's day is every chair's, on the dashboard, the Caixa and Relatórios, as Relatórios > Equipe says", async () => {
    // An owner with members opens on the salon (nothing remembered yet).
    const dashboard = await callLoader(dashboardLoader, { context: await ctx(owner), path: "/dashboard" });
    expect(nb(dashboard.kpis.find((k) => k.key === "revenue-today")!.value)).toBe("R$ 365,00");
    expect(dashboard.summary.revenueCents).toBe(36_500);
    const dashboardText = text(renderRoute(Dashboard, "/dashboard", dashboard));
    expect(dashboardText).toContain("Meu Salão Somando você e mais 2 profissionais da equipe.");
    expect(dashboardText).toContain("Faturamento hoje R$ 365,00");

    const cash = await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa" });
    expect(cash.day).toMatchObject({ receivedCents: 36_500, tipsCents: 1000, byMethod: { pix: 15_000, cash: 10_000, credit: 12_500 } });
    const cashText = text(renderRoute(Cash, "/caixa", cash));
    expect(cashText).toContain("Caixa do salão");
    expect(cashText).toContain("Recebido R$ 365,00");
    expect(cashText).toContain("Pix R$ 150,00 Dinheiro R$ 100,00 Cartão de débito R$ 0,00 Cartão de crédito R$ 125,00");
    // Bia's unpaid service is the salon's to receive, with whose it is.
    expect(cashText).toContain("Cliente de Bia Souza Serviço · 10/03 às 08:00 · Bia Souza R$ 40,00 Receber");

    const reports = await callLoader(reportsLoader, { context: await ctx(owner), path: `/relatorios?${DAY}` });
    expect(reports.report?.kpis.revenue.value).toBe(36_500);
    expect(reports.team?.total.revenueCents).toBe(36_500);
    expect(reports.report?.kpis.appointments.value).toBe(4);
    // Services ranked by what the salon charged (Bia's pending R$ 40,00 was charged too).
    expect(reports.report?.topServices.map((s) => [s.name, s.count, s.revenueCents])).toEqual([["Serviço", 4, 40_500]]);
    const reportsText = text(renderRoute(Reports, `/relatorios?${DAY}`, reports));
    expect(reportsText).toContain("Meu Salão Somando você e mais 2 profissionais da equipe.");
    expect(reportsText).toContain("Receita total R$ 365,00");

    // 'Meu': her own chair, on every screen.
    const mine = await callLoader(dashboardLoader, { context: await ctx(owner), path: "/dashboard?visao=meu" });
    expect(nb(mine.kpis.find((k) => k.key === "revenue-today")!.value)).toBe("R$ 90,00");
    const myCash = await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa?visao=meu" });
    expect(myCash.day).toMatchObject({ receivedCents: 9000, tipsCents: 0, byMethod: { pix: 9000 }, pending: [] });
    expect(text(renderRoute(Cash, "/caixa?visao=meu", myCash))).not.toContain("Caixa do salão");
    const myReports = await callLoader(reportsLoader, { context: await ctx(owner), path: `/relatorios?${DAY}&visao=meu` });
    expect(myReports.report?.kpis.revenue.value).toBe(9000);
    expect(myReports.report?.topServices.map((s) => [s.name, s.count, s.revenueCents])).toEqual([["Serviço", 1, 9000]]);
  });

  it("the salon's CSVs add up to its screens and say whose each line is", async () => {
    const decode = async (res: Response) => new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3)).split("\r\n").slice(0, -1).map((r) => r.split(";"));
    const cash = await decode(await callLoader(cashExport, { context: await ctx(owner), path: `/caixa/exportar?${DAY}&visao=salao` }));
    expect(cash[0]!.slice(0, 4)).toEqual(["Data", "Horário", "Profissional", "Cliente"]);
    expect(cash.slice(1, -1).map((r) => [r[1], r[2]])).toEqual([
      ["08:00", "Bia Souza"],
      ["09:00", "Dona Carla"],
      ["10:00", "Ana Lima"],
      ["11:00", "Bia Souza"],
    ]);
    const total = cash.at(-1)!;
    expect(total[0]).toBe("Total");
    expect(total[cash[0]!.indexOf("Recebido (R$)")]).toBe("365,00");
    // Her own file keeps its columns.
    const own = await decode(await callLoader(cashExport, { context: await ctx(owner), path: `/caixa/exportar?${DAY}&visao=meu` }));
    expect(own[0]!.slice(0, 3)).toEqual(["Data", "Horário", "Cliente"]);
    expect(own.at(-1)![own[0]!.indexOf("Recebido (R$)")]).toBe("90,00");

    const report = await decode(await callLoader(reportsExport, { context: await ctx(owner), path: `/relatorios/exportar?${DAY}&visao=salao` }));
    const faturado = report[0]!.indexOf("Faturado (R$)");
    expect(report[0]!.slice(0, 3)).toEqual(["Data", "Horário", "Profissional"]);
    expect(report.slice(1).reduce((sum, r) => sum + Math.round(Number((r[faturado] || "0").replace(",", ".")) * 100), 0)).toBe(36_500);
  });

  it("a member, a professional on her own and another salon never see the salon's figures nor the choice", async () => {
    for (const path of ["/dashboard?visao=salao", "/caixa?visao=salao", `/relatorios?${DAY}&visao=salao`]) {
      const dashboard = path.startsWith("/dashboard");
      const cash = path.startsWith("/caixa");
      const loader = dashboard ? dashboardLoader : cash ? cashLoader : reportsLoader;
      const Screen = dashboard ? Dashboard : cash ? Cash : Reports;
      const page = await callLoader(loader as typeof cashLoader, { context: await ctx(ana), path });
      expect(page.figures).toBeNull();
      expect(text(renderRoute(Screen, path, page))).not.toContain("Salão");
    }
    expect((await callLoader(cashLoader, { context: await ctx(ana), path: "/caixa?visao=salao" })).day).toMatchObject({ receivedCents: 15_000, byMethod: { cash: 10_000, pix: 6000 } });
    expect(nb((await callLoader(dashboardLoader, { context: await ctx(ana), path: "/dashboard?visao=salao" })).kpis[0]!.value)).toBe("R$ 150,00");
    expect((await callLoader(reportsLoader, { context: await ctx(ana), path: `/relatorios?${DAY}&visao=salao` })).report?.kpis.revenue.value).toBe(15_000);
    // Her CSV is hers alone, whatever the address asks.
    const anaCsv = new TextDecoder().decode(await (await callLoader(cashExport, { context: await ctx(ana), path: `/caixa/exportar?${DAY}&visao=salao` })).arrayBuffer());
    expect(anaCsv).not.toContain("Dona Carla");
    expect(anaCsv).not.toContain("Profissional");
    // A professional on her own has nothing to choose.
    const solo = await pro("Sozinha");
    await closed(solo, 9, 7000, [["pix", "70,00"]]);
    const soloCash = await callLoader(cashLoader, { context: await ctx(solo), path: "/caixa?visao=salao" });
    expect(soloCash).toMatchObject({ figures: null, day: { receivedCents: 7000 } });
    expect(text(renderRoute(Cash, "/caixa?visao=salao", soloCash))).not.toContain("Salão");
    // Another salon's owner sees her own salon: her member's R$ 999,00, none of ours.
    expect((await callLoader(cashLoader, { context: await ctx(outsider), path: "/caixa?visao=salao" })).day).toMatchObject({ receivedCents: 99_900 });
    // A member who leaves takes her money out of the salon's figures at once.
    await db.delete(linkedAccounts).where(eq(linkedAccounts.linkedUserId, bia.id));
    expect((await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa?visao=salao" })).day).toMatchObject({ receivedCents: 24_000 });
  });

  it("the choice is remembered on the device across the three screens; a member's request sets nothing", async () => {
    const { cookie } = await signIn(db, owner);
    const open = async (path: string, middleware: typeof cashMiddleware | typeof dashboardMiddleware, who: Pro = owner, extra = "") => {
      const args = await routeArgs({ context: await userContextFor(db, who), request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: `${cookie}${extra}` } }) });
      return runMiddleware(middleware, args, async () => new Response("the page"));
    };
    const chosen = await open("/caixa?visao=meu", cashMiddleware);
    const set = chosen.headers.get("Set-Cookie") ?? "";
    expect(set).toMatch(/^agendo_visao=/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Path=\//);
    const remembered = set.split(";")[0]!;
    // The dashboard, opened from the menu without asking, shows her chair.
    const dashboard = await callLoader(dashboardLoader, { context: await ctx(owner), path: "/dashboard", cookie: remembered });
    expect(nb(dashboard.kpis[0]!.value)).toBe("R$ 90,00");
    expect(dashboard.figures?.choice).toBe("meu");
    // Asking again for what is remembered sets nothing; a mangled cookie is as good as none.
    expect((await open("/dashboard?visao=meu", dashboardMiddleware, owner, `; ${remembered}`)).headers.get("Set-Cookie")).toBeNull();
    const mangled = await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa", cookie: "agendo_visao=%%%" });
    expect(mangled.day?.receivedCents).toBe(36_500);
    // A member has no choice to remember.
    expect((await open("/caixa?visao=salao", cashMiddleware, ana)).headers.get("Set-Cookie")).toBeNull();
  });

  it("the salon's pages still read in one round trip once the session is known", async () => {
    let { cookie } = await signIn(db, owner);
    const visit = async (path: string, loader: (args: RouteArgs) => Promise<unknown>) => {
      const counted = sequentialTrips(db);
      const args = await routeArgs({ db: counted.db, request: new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }) });
      let page: unknown = null;
      const response = await runMiddleware(workspaceMiddleware, args, async () => {
        page = await loader(args);
        return new Response("the page");
      });
      await settleBackground(args.context);
      // A cookie without the page keys gets them with its first page (docs/decisions/1210).
      cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))?.split(";")[0] ?? cookie;
      return { status: response.status, trips: counted.trips.sequential, page };
    };
    for (const [path, loader] of [["/dashboard", dashboardLoader], ["/caixa", cashLoader], [`/relatorios?${DAY}`, reportsLoader]] as const) {
      await visit(path, loader);
      const again = await visit(path, loader);
      expect({ path, status: again.status, trips: again.trips }).toEqual({ path, status: 200, trips: 1 });
    }
  });
});

describe("the owner closes a member's service (docs/decisions/1051)", () => {
  const closePath = (id: string, back = "/caixa") => `/caixa/fechar?${new URLSearchParams({ atendimento: id, volta: back })}`;

  it("whatever the member's agenda permission: the member's closing, closed by the owner, in the salon's Caixa", async () => {
    const appt = await createAppointment(db, ana.id, { clientId: ana.clientId, serviceId: ana.serviceId, serviceName: "Escova", date: TODAY, startMinute: 7 * 60, priceCents: 6000 });
    const page = await callLoader(closeLoader, { context: await ctx(owner), path: closePath(appt.id) });
    expect(text(renderRoute(CashClose, closePath(appt.id), page))).toContain("Atendimento de Ana Lima O pagamento entra no Caixa de Ana Lima.");
    const res = await callAction(closeAction, {
      context: await ctx(owner),
      path: closePath(appt.id),
      form: { intent: "close", id: appt.id, "itens[0].tipo": "service", "itens[0].nome": "Escova", "itens[0].preco": "60,00", "itens[0].quantidade": "1", descontoTipo: "valor", "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "60,00" },
    });
    expect(res).toHaveRedirect("/caixa");
    expect(await db.select({ userId: cashClosings.userId, closedBy: cashClosings.closedBy }).from(cashClosings).where(eq(cashClosings.appointmentId, appt.id))).toEqual([{ userId: ana.id, closedBy: owner.id }]);
    expect((await callLoader(cashLoader, { context: await ctx(ana), path: "/caixa" })).day?.receivedCents).toBe(21_000);
    expect((await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa?visao=salao" })).day?.receivedCents).toBe(42_500);
    // Bia's pending payment is received from the salon's Caixa the same way.
    const pending = (await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa?visao=salao" })).day!.pending;
    expect(pending).toHaveLength(1);
    expect(await callLoader(closeLoader, { context: await ctx(owner), path: closePath(pending[0]!.appointmentId) })).toMatchObject({ memberName: "Bia Souza" });
  });

  it("Equipe offers 'Concluir' on a member's started service; her agenda stays hers until she allows it", async () => {
    const started = await createAppointment(db, ana.id, { clientId: ana.clientId, serviceName: "Escova", date: TODAY, startMinute: 11 * 60, priceCents: 6000 });
    const view = await callLoader(teamLoader, { context: await ctx(owner), path: `/equipe?vista=dia&ver=${started.id}` });
    expect(view.detail).toMatchObject({ canManage: false, actions: ["complete"] });
    // Confirming or cancelling is still the member's call.
    expect(await thrownStatus(callAction(teamAction, { context: await ctx(owner), path: "/equipe", form: { intent: "cancel", id: started.id } }))).toBe(404);
    expect(await thrownStatus(callAction(teamAction, { context: await ctx(owner), path: "/equipe", form: { intent: "no-show", id: started.id } }))).toBe(404);
    expect((await db.select({ s: appointments.status }).from(appointments).where(eq(appointments.id, started.id)))[0]!.s).toBe("scheduled");
    // The old 'Concluir' post leads to the form.
    expect(await callAction(teamAction, { context: await ctx(owner), path: "/equipe?vista=dia", form: { intent: "complete", id: started.id } })).toHaveRedirect(closePath(started.id, "/equipe?vista=dia"));
  });

  it("never another salon's service, a former member's, nor a member closing anyone else's", async () => {
    const ritas = await createAppointment(db, outsiderMember.id, { clientId: outsiderMember.clientId, date: TODAY, startMinute: 7 * 60, priceCents: 5000 });
    const bias = await createAppointment(db, bia.id, { clientId: bia.clientId, date: TODAY, startMinute: 7 * 60, priceCents: 5000 });
    await db.update(profiles).set({ ownerMayManage: true });
    expect(await thrownStatus(callLoader(closeLoader, { context: await ctx(owner), path: closePath(ritas.id) }))).toBe(404);
    expect(await thrownStatus(callLoader(closeLoader, { context: await ctx(ana), path: closePath(bias.id) }))).toBe(404);
    await db.delete(linkedAccounts).where(eq(linkedAccounts.linkedUserId, bia.id));
    expect(await thrownStatus(callLoader(closeLoader, { context: await ctx(owner), path: closePath(bias.id) }))).toBe(404);
  });
});
