import { describe, expect, it } from "vitest";
import { backOf } from "./cash-close.server";

describe("backOf", () => {
  const at = (volta: string) => backOf(new URL(`http://localhost/caixa/fechar?atendimento=x&volta=${encodeURIComponent(volta)}`));

  it("goes back to the agenda, 'Equipe' or the Caixa it came from", () => {
    expect(at("/agenda?vista=lista&periodo=hoje")).toBe("/agenda?vista=lista&periodo=hoje");
    expect(at("/caixa")).toBe("/caixa");
  });

  it("never leaves the app or goes anywhere else", () => {
    for (const volta of ["//evil.example", "https://evil.example/agenda", "/agenda/../login", "/agendamento/demo", "/\\evil.example", ""]) expect(at(volta)).toBe("/agenda");
  });
});
