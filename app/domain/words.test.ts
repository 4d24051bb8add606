import { describe, expect, it } from "vitest";
import { plural, pluralWord } from "./words";

describe("plural", () => {
  it("says one in the singular and every other count in the plural, grouped as pt-BR writes it", () => {
    expect(plural(1, "cliente", "clientes")).toBe("1 cliente");
    expect(plural(0, "cliente", "clientes")).toBe("0 clientes");
    expect(plural(2, "novo cliente", "novos clientes")).toBe("2 novos clientes");
    expect(plural(1234, "agendamento", "agendamentos")).toBe("1.234 agendamentos");
    expect(pluralWord(1, "será criado", "serão criados")).toBe("será criado");
    expect(pluralWord(3, "será criado", "serão criados")).toBe("serão criados");
  });
});
