import { describe, expect, it } from "vitest";
import { chooseFigures, figuresCaption, figuresHref, figuresView, scopeOf } from "./salon";

describe("'Meu' or 'Salão'", () => {
  const owner = { members: 2, linkedOwnerId: null };

  it("is offered only to an owner with members: a member and a professional on her own have their own figures", () => {
    expect(chooseFigures({ ...owner, asked: null, saved: null })).toBe("salao");
    expect(chooseFigures({ members: 0, linkedOwnerId: null, asked: "salao", saved: "salao" })).toBeNull();
    expect(chooseFigures({ members: 0, linkedOwnerId: "owner-1", asked: "salao", saved: "salao" })).toBeNull();
    expect(scopeOf("me", null)).toEqual({ userId: "me", salon: false });
    expect(scopeOf("me", "salao")).toEqual({ userId: "me", salon: true });
  });

  it("takes the address's choice, else the one remembered, else the salon's; anything else is ignored", () => {
    expect(chooseFigures({ ...owner, asked: "meu", saved: "salao" })).toBe("meu");
    expect(chooseFigures({ ...owner, asked: null, saved: "meu" })).toBe("meu");
    expect(chooseFigures({ ...owner, asked: "todos", saved: "<script>" })).toBe("salao");
  });

  it("links keep the period and the filters of the screen", () => {
    expect(figuresHref({ pathname: "/caixa", search: "?periodo=customizado&de=2025-03-01&ate=2025-03-10&visao=salao" }, "meu")).toBe(
      "/caixa?periodo=customizado&de=2025-03-01&ate=2025-03-10&visao=meu",
    );
    expect(figuresHref({ pathname: "/relatorios.data", search: "?servico=x&_routes=routes%2Freports" }, "salao")).toBe("/relatorios?servico=x&visao=salao");
    expect(figuresView({ pathname: "/dashboard", search: "" }, null, 2)).toBeNull();
    expect(figuresView({ pathname: "/dashboard", search: "" }, "salao", 2)).toEqual({ choice: "salao", members: 2, hrefs: { meu: "/dashboard?visao=meu", salao: "/dashboard?visao=salao" } });
  });

  it("says whose the figures are", () => {
    expect(figuresCaption({ choice: "salao", members: 1 })).toBe("Somando você e mais 1 profissional da equipe.");
    expect(figuresCaption({ choice: "salao", members: 3 })).toBe("Somando você e mais 3 profissionais da equipe.");
    expect(figuresCaption({ choice: "meu", members: 3 })).toBe("Somente os seus atendimentos.");
  });
});
