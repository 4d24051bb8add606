import { describe, expect, it } from "vitest";
import { initials } from "./avatar";

describe("initials", () => {
  it("takes the first and the last name's first letters", () => {
    expect(initials("Paula Ribeiro Lima")).toBe("PL");
    expect(initials("Maria da Silva")).toBe("MS");
    expect(initials("  élida   souza ")).toBe("ÉS");
  });

  it("one word gives one letter; nothing to take gives '?'", () => {
    expect(initials("Rita")).toBe("R");
    expect(initials("Lia (2) - 11")).toBe("L");
    expect(initials("  ")).toBe("?");
  });
});
