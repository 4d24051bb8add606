// Issue 22, the salon's commissions: the owner sets a member's rule (services, one service's own
// rate, products, tips), refused with a pt-BR message beside the field on bad input; Relatórios >
// Equipe and its CSV give each professional's completed services, received, commission, tips and
// what to pay, and the salon's total; the rate of a closed line is the one of its closing day; a
// member sees their own line and nobody else's; another owner's member is a 404.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { commissionRules, commissionServiceRates, linkedAccounts } from "../../db/schema";
import CommissionSettings, { action as commissionAction, loader as commissionLoader } from "../../app/routes/settings.commission";
import Reports, { loader as reportsLoader } from "../../app/routes/reports";
import { loader as teamExport } from "../../app/routes/reports.team-export";
import { action as closeAction } from "../../app/routes/cash-close";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createProfessional, createService, createWorkingHours } from "../support/factories";
import { callAction, callLoader, replyOf, responseOf, thrownStatus } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";

// "Now": Wednesday 12/03/2025 18:00 in São Paulo.
const NOW = new Date("2025-03-12T21:00:00Z");
const PERIOD = "/relatorios?periodo=customizado&de=2025-03-10&ate=2025-03-16";

let db: Db;
type Pro = Awaited<ReturnType<typeof createProfessional>>;
let owner: Pro, ana: Pro, bia: Pro, outsider: Pro, rita: Pro;
let corte: string, escova: string, biasService: string;

async function pro(name: string) {
  const p = await createProfessional(db, { name });
  await createWorkingHours(db, p.id);
  return p;
}
const link = (o: Pro, m: Pro) => db.insert(linkedAccounts).values({ ownerId: o.id, linkedUserEmail: m.email, linkedUserId: m.id, status: "active" });
const ctx = (p: Pro) => userContextFor(db, p);
const setRule = async (by: Pro, member: Pro, form: Record<string, string>) =>
  callAction(commissionAction, { context: await ctx(by), path: `/configuracoes/contas/comissao/${member.id}`, params: { memberId: member.id }, form });
const nb = (s: string) => s.replaceAll("\u00a0", " ");

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  [owner, ana, bia, outsider, rita] = [await pro("Dona Carla"), await pro("Ana Lima"), await pro("Bia Souza"), await pro("Olga Fora"), await pro("Rita Fora")];
  await Promise.all([link(owner, ana), link(owner, bia), link(outsider, rita)]);
  corte = (await createService(db, ana.id, { name: "Corte", priceCents: 5000 })).id;
  escova = (await createService(db, ana.id, { name: "Escova", priceCents: 7000 })).id;
  biasService = (await createService(db, bia.id, { name: "Unha", priceCents: 3000 })).id;
});
afterEach(() => vi.useRealTimers());

describe("the commission rule", () => {
  it("a crafted post without the services' fields is answered beside its field, each service's field still there", async () => {
    const path = `/configuracoes/contas/comissao/${ana.id}`;
    const page = await callLoader(commissionLoader, { context: await ctx(owner), path, params: { memberId: ana.id } });
    const bad = await setRule(owner, ana, { servicos: "abc" });
    const html = renderRoute(CommissionSettings, path, page, replyOf(bad).data);
    expect(visibleText(html)).toContain("Informe um percentual de 0 a 100, como 40 ou 37,5");
    expect(visibleText(html)).toContain("Corte");
    expect(visibleText(html)).toContain("Escova");
  });

  it("refuses bad input beside its field and stores nothing; another owner's member or a member signed in is a 404", async () => {
    const bad = await setRule(owner, ana, { servicos: "150", produtos: "abc", [`taxas.${corte}`]: "101" });
    expect(bad).toHaveFieldError("servicos", "Informe um percentual de 0 a 100, como 40 ou 37,5");
    expect(bad).toHaveFieldError("produtos", "Informe um percentual de 0 a 100, como 40 ou 37,5");
    expect(bad).toHaveFieldError(`taxas.${corte}`, "Informe um percentual de 0 a 100, como 40 ou 37,5");
    expect(await setRule(owner, ana, { servicos: "" })).toHaveFieldError("servicos", "Informe o percentual sobre os serviços");
    expect(await db.select().from(commissionRules)).toEqual([]);

    expect(await thrownStatus(setRule(owner, rita, { servicos: "40" }))).toBe(404);
    expect(await thrownStatus(setRule(ana, bia, { servicos: "40" }))).toBe(404);
    expect(await thrownStatus(callLoader(commissionLoader, { context: await ctx(owner), params: { memberId: rita.id }, path: "/" }))).toBe(404);
    expect(await db.select().from(commissionRules)).toEqual([]);
  });
});

describe("Relatórios > Equipe", () => {
  async function close(id: string, form: Record<string, string>) {
    return callAction(closeAction, { context: await ctx(ana), path: `/caixa/fechar?atendimento=${id}`, form: { intent: "close", id, descontoTipo: "valor", desconto: "", gorjeta: "", ...form } });
  }
  const appointment = (p: Pro, serviceId: string, priceCents: number, hour: number, status: "scheduled" | "completed" = "scheduled") =>
    createAppointment(db, p.id, { serviceId, serviceName: serviceId === corte ? "Corte" : "Escova", priceCents, date: "2025-03-11", startMinute: hour * 60, status });

  it("gives each professional's figures and what to pay, by the rate of the closing day, in the screen and the CSV; a member sees only their own line", async () => {
    // Ana: 40% of services, Corte 50%, 10% of products, tips hers.
    expect(await setRule(owner, ana, { servicos: "40", produtos: "10", gorjetas: "on", [`taxas.${corte}`]: "50", [`taxas.${escova}`]: "", [`taxas.${biasService}`]: "10" })).toHaveRedirect("/configuracoes/contas");
    expect(await db.select({ s: commissionServiceRates.serviceId, bp: commissionServiceRates.basisPoints }).from(commissionServiceRates)).toEqual([{ s: corte, bp: 5000 }]);

    // Corte R$ 50 + Pomada R$ 20, R$ 10 off (a seventh of each line), R$ 5 tip, all by Pix.
    const a = await appointment(ana, corte, 5000, 9);
    expect(
      await close(a.id, {
        "itens[0].tipo": "service", "itens[0].servico": corte, "itens[0].nome": "Corte", "itens[0].preco": "50,00", "itens[0].quantidade": "1",
        "itens[1].tipo": "product", "itens[1].nome": "Pomada", "itens[1].preco": "20,00", "itens[1].quantidade": "1",
        desconto: "10,00", gorjeta: "5,00", "pagamentos[0].metodo": "pix",
      }),
    ).toHaveRedirect("/agenda");
    await appointment(ana, escova, 7000, 11, "completed"); // no closing: R$ 70,00 at list price
    const pending = await appointment(ana, escova, 7000, 14);
    expect(await close(pending.id, { intent: "close-pending", "itens[0].tipo": "service", "itens[0].servico": escova, "itens[0].nome": "Escova", "itens[0].preco": "70,00", "itens[0].quantidade": "1" })).toHaveRedirect("/agenda");
    await createAppointment(db, owner.id, { date: "2025-03-11", status: "completed", priceCents: 9000 });

    // The rate changes afterwards: the closed lines keep theirs, the unclosed one takes the new.
    expect(await setRule(owner, ana, { servicos: "30", produtos: "10", gorjetas: "on", [`taxas.${corte}`]: "50" })).toHaveRedirect("/configuracoes/contas");
    await setRule(owner, ana, { servicos: "30", produtos: "10", gorjetas: "on", [`taxas.${corte}`]: "20" });

    // Corte 5000×6/7 at 50% = 2142,86 → 2143; Pomada 2000×6/7 at 10% = 171; Escova 7000 at 30% = 2100.
    const page = await callLoader(reportsLoader, { context: await ctx(owner), path: PERIOD });
    const anas = page.team!.rows.find((r) => r.name === "Ana Lima")!;
    expect(anas).toMatchObject({ completed: 3, revenueCents: 6000 + 7000, tipsCents: 500 });
    expect(anas.commission).toMatchObject({ servicesCents: 2143 + 2100, productsCents: 171, totalCents: 4414, toPayCents: 4914 });
    expect(page.team!.rows.find((r) => r.name === "Bia Souza")!.commission).toMatchObject({ totalCents: 0, ruleMissing: true, rule: "Comissão não definida" });
    expect(page.team!.rows[0]).toMatchObject({ name: "Dona Carla", revenueCents: 9000, commission: null });
    expect(page.team!.total).toMatchObject({ completed: 4, revenueCents: 22_000, commissionCents: 4414, tipsCents: 500, toPayCents: 4914 });

    const text = nb(visibleText(renderRoute(Reports, PERIOD, page)));
    expect(text).toContain("Ana Lima A pagar R$ 49,14 Comissão: 30% dos serviços (1 com percentual próprio) · 10% dos produtos · gorjetas do profissional");
    expect(text).toContain("Total do salão A pagar R$ 49,14 Atendimentos 4 Recebido R$ 220,00 Comissões R$ 44,14 Gorjetas R$ 5,00");

    const csv = await responseOf(await callLoader(teamExport, { context: await ctx(owner), path: PERIOD.replace("/relatorios", "/relatorios/equipe/exportar") })).text();
    const lines = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe("Ana Lima;3;130,00;Comissão: 30% dos serviços (1 com percentual próprio) · 10% dos produtos · gorjetas do profissional;42,43;1,71;44,14;5,00;49,14");
    expect(lines[4]).toBe("Total do salão;4;220,00;;;;44,14;5,00;49,14");

    // Ana sees her line, as the owner sees it, and no one else's.
    const own = await callLoader(reportsLoader, { context: await ctx(ana), path: PERIOD });
    expect(own.team).toBeNull();
    expect(own.own).toEqual({ ...anas, name: "Ana Lima" });
    const anasCsv = await responseOf(await callLoader(teamExport, { context: await ctx(ana), path: PERIOD.replace("/relatorios", "/relatorios/equipe/exportar") })).text();
    expect(anasCsv.trimEnd().split("\r\n").slice(1)).toEqual([lines[2]]);
    expect(nb(visibleText(renderRoute(Reports, PERIOD, own)))).not.toContain("Bia Souza");

    // A member who left: no rule reaches them, and their own line is gone with the team.
    await db.delete(linkedAccounts).where(eq(linkedAccounts.linkedUserId, bia.id));
    expect(await thrownStatus(setRule(owner, bia, { servicos: "40" }))).toBe(404);
  });
});
