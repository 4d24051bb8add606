import { parseForm } from "./parse-form";
import { describe, expect, it } from "vitest";
import { categorySchema, serviceSchema } from "./services";

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const CAT = "cat-1";
const service = (fields: Record<string, string>, categories = [{ id: CAT, slug: "cabelo" }]) =>
  parseForm(form(fields), { schema: serviceSchema(categories) });
const category = (fields: Record<string, string>, taken: string[] = []) =>
  parseForm(form(fields), { schema: categorySchema(taken) });
const errorsOf = (s: ReturnType<typeof service> | ReturnType<typeof category>) =>
  (s.status === "success" ? null : s.error) ?? {};

const valid = { nome: "Corte Masculino", preco: "50,00", duracao: "45", categoria: CAT };

describe("serviceSchema (docs/product/spec.md §5, service form)", () => {
  it("turns the form into a service: centavos, minutes, default colour, no deposit", () => {
    const s = service({ ...valid, descricao: "  Com lavagem  " });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toEqual({
      name: "Corte Masculino",
      description: "Com lavagem",
      priceCents: 5000,
      durationMinutes: 45,
      bufferMinutes: 0,
      categoryId: CAT,
      newCategory: null,
      color: "#4F46E5",
      requiresDeposit: false,
      depositCents: 0,
    });
  });

  it("takes 'Intervalo após' in whole minutes, 0 to 120", () => {
    const ok = service({ ...valid, intervalo: "10" });
    expect(ok.status === "success" && ok.value.bufferMinutes).toBe(10);
    for (const bad of ["-5", "121", "7.5", "abc"]) {
      expect(errorsOf(service({ ...valid, intervalo: bad })).intervalo, bad).toEqual(["Intervalo deve ser de 0 a 120 minutos"]);
    }
  });

  it("accepts '50.00' like '50,00' and a price of zero", () => {
    const a = service({ ...valid, preco: "50.00" });
    expect(a.status === "success" && a.value.priceCents).toBe(5000);
    const b = service({ ...valid, preco: "0" });
    expect(b.status === "success" && b.value.priceCents).toBe(0);
  });

  it("shows the spec's messages for every required field", () => {
    expect(errorsOf(service({}))).toEqual({
      nome: ["Nome deve ter pelo menos 2 caracteres"],
      preco: ["Preço deve ser maior que zero"],
      duracao: ["Duração deve ser pelo menos 1 minuto"],
      categoria: ["Selecione uma categoria"],
    });
    expect(errorsOf(service({ nome: " A ", preco: "-1", duracao: "0", categoria: "" }))).toEqual({
      nome: ["Nome deve ter pelo menos 2 caracteres"],
      preco: ["Preço deve ser maior que zero"],
      duracao: ["Duração deve ser pelo menos 1 minuto"],
      categoria: ["Selecione uma categoria"],
    });
  });

  it("rejects unreadable or out-of-range values with a clear message", () => {
    expect(errorsOf(service({ ...valid, preco: "cinquenta" }))).toEqual({ preco: ["Preço deve ser maior que zero"] });
    expect(errorsOf(service({ ...valid, preco: "100.000,01" }))).toEqual({
      preco: ["Preço deve ser no máximo R$ 100.000,00"],
    });
    expect(errorsOf(service({ ...valid, duracao: "abc" }))).toEqual({ duracao: ["Duração deve ser pelo menos 1 minuto"] });
    expect(errorsOf(service({ ...valid, duracao: "30.5" }))).toEqual({
      duracao: ["Duração deve ser um número inteiro de minutos"],
    });
    expect(errorsOf(service({ ...valid, duracao: "721" }))).toEqual({
      duracao: ["Duração deve ser no máximo 720 minutos (12 horas)"],
    });
    expect(errorsOf(service({ ...valid, cor: "red" }))).toEqual({ cor: ["Cor inválida: use o formato #RRGGBB"] });
    expect(errorsOf(service({ ...valid, nome: "x".repeat(101) }))).toEqual({
      nome: ["Nome deve ter no máximo 100 caracteres"],
    });
  });

  it("accepts only the professional's own categories", () => {
    expect(errorsOf(service({ ...valid, categoria: "someone-elses" }))).toEqual({
      categoria: ["Selecione uma categoria"],
    });
  });

  it("with no category chosen, the name typed in 'Nova categoria' makes one (or is the one with its code)", () => {
    const made = service({ ...valid, categoria: "", novaCategoria: "  Pés e mãos " });
    expect(made.status === "success" && [made.value.categoryId, made.value.newCategory]).toEqual([null, { name: "Pés e mãos", slug: "pes-e-maos" }]);
    const same = service({ ...valid, categoria: "", novaCategoria: "CABELO" });
    expect(same.status === "success" && [same.value.categoryId, same.value.newCategory]).toEqual([CAT, null]);
    const chosen = service({ ...valid, novaCategoria: "Ignorada" });
    expect(chosen.status === "success" && [chosen.value.categoryId, chosen.value.newCategory]).toEqual([CAT, null]);
    // Nothing chosen nor typed: the select asks when there are categories, the name when none.
    expect(errorsOf(service({ ...valid, categoria: "" }))).toEqual({ categoria: ["Selecione uma categoria"] });
    expect(errorsOf(service({ ...valid, categoria: "" }, []))).toEqual({ novaCategoria: ["Nome da categoria é obrigatório"] });
    expect(errorsOf(service({ ...valid, categoria: "", novaCategoria: "✂✂" }, []))).toEqual({
      novaCategoria: ["O código precisa ter pelo menos uma letra ou número"],
    });
    // Shown with the other fields' errors at once.
    expect(errorsOf(service({ nome: "A", categoria: "", novaCategoria: "x".repeat(51) }, []))).toMatchObject({
      nome: ["Nome deve ter pelo menos 2 caracteres"],
      novaCategoria: ["Nome da categoria deve ter no máximo 50 caracteres"],
    });
  });

  it("stores the colour uppercased", () => {
    const s = service({ ...valid, cor: "#0d9488" });
    expect(s.status === "success" && s.value.color).toBe("#0D9488");
  });

  it("a deposit needs an amount no larger than the price; without the box it is ignored", () => {
    expect(errorsOf(service({ ...valid, exigeSinal: "on" }))).toEqual({ valorSinal: ["Informe o valor do sinal"] });
    expect(errorsOf(service({ ...valid, exigeSinal: "on", valorSinal: "0" }))).toEqual({
      valorSinal: ["Informe o valor do sinal"],
    });
    expect(errorsOf(service({ ...valid, exigeSinal: "on", valorSinal: "50,01" }))).toEqual({
      valorSinal: ["O sinal não pode ser maior que o preço"],
    });
    const ok = service({ ...valid, exigeSinal: "on", valorSinal: "20" });
    expect(ok.status === "success" && [ok.value.requiresDeposit, ok.value.depositCents]).toEqual([true, 2000]);
    const off = service({ ...valid, valorSinal: "20" });
    expect(off.status === "success" && [off.value.requiresDeposit, off.value.depositCents]).toEqual([false, 0]);
  });
});

describe("categorySchema (docs/product/spec.md §5, category form)", () => {
  it("requires a name", () => {
    expect(errorsOf(category({}))).toEqual({ nomeCategoria: ["Nome da categoria é obrigatório"] });
    expect(errorsOf(category({ nomeCategoria: "   " }))).toEqual({ nomeCategoria: ["Nome da categoria é obrigatório"] });
  });

  it("generates the slug from the name, or slugifies the typed code", () => {
    const a = category({ nomeCategoria: "  Sobrancelha & Cílios " });
    expect(a.status === "success" && a.value).toEqual({ name: "Sobrancelha & Cílios", slug: "sobrancelha-cilios" });
    const b = category({ nomeCategoria: "Unhas", codigo: "Mãos e Pés" });
    expect(b.status === "success" && b.value).toEqual({ name: "Unhas", slug: "maos-e-pes" });
  });

  it("refuses a code already used by another of the professional's categories", () => {
    expect(errorsOf(category({ nomeCategoria: "Cabelo" }, ["cabelo"]))).toEqual({
      codigo: ["Já existe uma categoria com este código. Escolha outro nome ou código."],
    });
    expect(errorsOf(category({ nomeCategoria: "Cabelo", codigo: "CABELO!" }, ["cabelo"]))).toEqual({
      codigo: ["Já existe uma categoria com este código. Escolha outro nome ou código."],
    });
    expect(category({ nomeCategoria: "Cabelo", codigo: "cabelo-2" }, ["cabelo"]).status).toBe("success");
  });

  it("needs at least one letter or digit in the code", () => {
    expect(errorsOf(category({ nomeCategoria: "✂✂" }))).toEqual({
      codigo: ["O código precisa ter pelo menos uma letra ou número"],
    });
    expect(errorsOf(category({ nomeCategoria: "Barba", codigo: "&&&" }))).toEqual({
      codigo: ["O código precisa ter pelo menos uma letra ou número"],
    });
  });
});
