import { describe, expect, it } from "vitest";
import { filterHref, formHref, listHref } from "./urls";

describe("services screen links", () => {
  it("links keep the state they need and drop the rest", () => {
    const search = "q=corte&categoria=cabelo&confirmar-exclusao=x";
    expect(listHref(search)).toBe("/servicos?q=corte&categoria=cabelo");
    expect(listHref("", { "confirmar-exclusao": "s1" })).toBe("/servicos?confirmar-exclusao=s1");
    expect(filterHref(search, "barba")).toBe("/servicos?q=corte&categoria=barba");
    expect(filterHref("", "")).toBe("/servicos");
    expect(formHref("novo=1&nova-categoria=1")).toBe("/servicos?novo=1");
    expect(formHref("editar=s1&novo=1&excluir-categoria=c1")).toBe("/servicos?editar=s1");
    expect(formHref("novo=1", { "editar-categoria": "c1" })).toBe("/servicos?novo=1&editar-categoria=c1");
  });
});
