import { describe, expect, it } from "vitest";
import { z } from "./zod";
import { parseForm, schemaAccepts, schemaFields } from "./parse-form";

const schema = z
  .object({
    nome: z.string(),
    itens: z.array(z.object({ preco: z.string() })).optional(),
    dias: z.object({ seg: z.string().optional() }),
  })
  .transform((form) => form.nome);

const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};

describe("parseForm: the fields the schema asks for, and nothing else", () => {
  it("knows a schema's places through objects, lists, wrappers and transforms", () => {
    expect(schemaAccepts(schema, ["nome"])).toBe(true);
    expect(schemaAccepts(schema, ["itens", 3, "preco"])).toBe(true);
    expect(schemaAccepts(schema, ["dias", "seg"])).toBe(true);
    expect(schemaAccepts(schema, ["itens", "x"])).toBe(false);
    expect(schemaAccepts(schema, ["nome", "x"])).toBe(false);
    expect(schemaAccepts(schema, ["dias", "dom"])).toBe(false);
    expect(schemaAccepts(schema, ["eco"])).toBe(false);
    expect(schemaAccepts(z.preprocess((v) => v, z.object({ a: z.string() })), ["a"])).toBe(true);
  });

  it("never echoes a field, a name or a conform control the form does not have", () => {
    const posted = form([
      ["nome", "Ana"],
      ["itens[0].preco", "10"],
      ["eco", "NAO-PEDIDO"],
      ["itens[0].eco", "NAO-PEDIDO"],
      ["__state__", '{"NAO-PEDIDO":1}'],
      ["__intent__", '{"type":"update","payload":{"name":"zz[90]","value":"NAO-PEDIDO"}}'],
    ]);
    expect([...schemaFields(posted, schema).keys()]).toEqual(["nome", "itens[0].preco"]);
    const reply = parseForm(form([...posted.entries()].map(([k, v]) => [k, String(v)]).concat([["dias.dom", "x"]]) as [string, string][]), { schema: z.object({ nome: z.string().min(5) }) }).reply();
    expect(JSON.stringify(reply)).not.toContain("NAO-PEDIDO");
    expect(reply.initialValue).toEqual({ nome: "Ana" });
  });
  it("keeps conform's request for a field's errors, and no other control, on the server", () => {
    const validate = '{"type":"validate","payload":{"name":"nome"}}';
    const kept = (intent: string) => [...schemaFields(form([["nome", "Ana"], ["__intent__", intent]]), schema).keys()];
    expect(kept(validate)).toEqual(["nome", "__intent__"]);
    expect(parseForm(form([["nome", "Ana"], ["__intent__", validate]]), { schema: z.object({ nome: z.string() }) }).status).toBeUndefined();
    for (const intent of ['{"type":"update","payload":{"name":"zz[90]"}}', '{"type":"validate","payload":{"name":"zz[100000000]"}}', "{not json", `{"type":"validate","payload":{"name":"${"n".repeat(300)}"}}`]) {
      expect(kept(intent), intent.slice(0, 40)).toEqual(["nome"]);
    }
  });
});
