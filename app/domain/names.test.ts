import { describe, expect, it } from "vitest";
import { firstName } from "./names";

describe("firstName", () => {
  it("takes the first name, whatever the spacing", () => {
    expect(firstName("Ana Maria Souza")).toBe("Ana");
    expect(firstName("  Ana \t Souza ")).toBe("Ana");
    expect(firstName("Joana")).toBe("Joana");
  });

  it("is empty when there is no name", () => {
    expect(firstName("")).toBe("");
    expect(firstName("   ")).toBe("");
    expect(firstName(null)).toBe("");
  });
});
