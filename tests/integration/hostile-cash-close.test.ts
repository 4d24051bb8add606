// Issue 32: crafted posts to 'Fechar atendimento' ('Remover' with an index that is not a line,
// sparse item indices) answer a clear 400 or the form again, never a 500 and never a form that
// cannot be drawn. (Indices too large to parse at all are refused by the form-parsing layer.)
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cashClosings } from "../../db/schema";
import CashClose, { action, loader } from "../../app/routes/cash-close";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createProfessional } from "../support/factories";
import { answerStatus, callAction, callLoader, replyOf } from "../support/routes";
import { renderRoute } from "../support/render";

const NOW = new Date("2025-03-10T15:00:00Z");

let db: Db;
let ctx: Awaited<ReturnType<typeof userContextFor>>;
let apptId: string;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  const pro = await createProfessional(db);
  ctx = await userContextFor(db, pro);
  apptId = (await createAppointment(db, pro.id, { serviceName: "Corte", date: "2025-03-10", startMinute: 9 * 60, priceCents: 5000 })).id;
});
afterEach(() => vi.useRealTimers());

const path = () => `/caixa/fechar?atendimento=${apptId}`;
const post = (form: Record<string, string>) => callAction(action, { context: ctx, path: path(), form: { id: apptId, ...form } }).catch((error: unknown) => error);
const line = (i: number, nome: string) => ({ [`itens[${i}].nome`]: nome, [`itens[${i}].preco`]: "10,00" });

/** The page drawn with that reply, as the server would send it. */
async function draws(res: unknown) {
  return renderRoute(CashClose, path(), await callLoader(loader, { context: ctx, path: path() }), replyOf(res).data);
}

describe("hostile posts to 'Fechar atendimento'", () => {
  it.each(["remove-item:-1", "remove-item:999999999999", "remove-item:1e3", "remove-item:", "remove-item"])("'%s' is a clear 400, nothing stored", async (intent) => {
    const res = await post({ intent, ...line(0, "Corte") });
    expect(answerStatus(res)).toBe(400);
    expect(await db.select().from(cashClosings)).toHaveLength(0);
  });

  it("'Remover' on a line that does not exist leaves the lines as they were", async () => {
    const res = await post({ intent: "remove-item:7", ...line(0, "Corte"), ...line(1, "Pomada") });
    expect(answerStatus(res)).toBe(200);
    expect((replyOf(res).data as { values: { itens: { nome?: string }[] } }).values.itens.map((i) => i.nome)).toEqual(["Corte", "Pomada"]);
  });

  it("sparse item indices come back as a list without holes, and the page draws", async () => {
    for (const intent of ["close", "recalculate", "remove-item:40"]) {
      const res = await post({ intent, ...line(2, "Corte"), ...line(40, "Pomada"), ...line(41, "Cera"), "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "1,00" });
      const itens = (replyOf(res).data as { values: { itens: unknown[] } }).values.itens;
      // Spread: a hole (which a page's JSON turns into null) counts.
      expect([...itens].map((i) => typeof i)).toEqual(intent === "remove-item:40" ? ["object", "object"] : ["object", "object", "object"]);
      expect(await draws(res)).toContain("Cera");
    }
    expect(await db.select().from(cashClosings)).toHaveLength(0);
  });
});
