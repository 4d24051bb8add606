import { describe, expect, it } from "vitest";
import { filterHref, formHref, listHref } from "./urls";

describe("services screen links", () => {
  it("links keep the state they need and drop the rest", () => {
    const search = "q=corte&categoria=cabelo&confirmar-exclusao=x";
    expect(listHref(search)).toBe("/servicos?q=corte&categoria=cabelo");
    expect(listHref("", { "confirmar-exclusao": "s1" })).toBe("/servicos?confirmar-exclusao=s1");
    expect(filterHref(search, "barba")).toBe("/servicos?q=corte&categoria=barba");
    expect(filterHref("", "")).toBe("/servicos");
    expect(formHref("new=true&nova-categoria=1")).toBe("/servicos?new=true");
    expect(formHref("editar=s1&new=true&excluir-categoria=c1")).toBe("/servicos?editar=s1");
    expect(formHref("new=true", { "editar-categoria": "c1" })).toBe("/servicos?new=true&editar-categoria=c1");
  });
});
