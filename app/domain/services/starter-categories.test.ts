import { describe, expect, it } from "vitest";
import { SPECIALTIES, starterFor } from "./starter-categories";

describe("starterFor", () => {
  it("gives each specialty its own categories, with codes made from the names", () => {
    expect(starterFor("barbeiro")).toEqual({
      specialty: "Barbearia",
      categories: [
        { name: "Cabelo", slug: "cabelo" },
        { name: "Barba", slug: "barba" },
      ],
    });
    expect(starterFor("manicure").categories.map((c) => c.slug)).toEqual(["unhas", "pes-e-maos"]);
    expect(starterFor("cabeleireiro").categories.map((c) => c.name)).toEqual(["Cabelo", "Coloração", "Tratamentos"]);
  });

  it("falls back to a general set when none (or an unknown one) was chosen", () => {
    for (const key of [undefined, "", "astronauta"]) {
      expect(starterFor(key)).toEqual({ specialty: "", categories: expect.arrayContaining([{ name: "Unhas", slug: "unhas" }]) });
    }
  });

  it("never gives one account two categories with one code", () => {
    for (const s of SPECIALTIES) {
      const slugs = starterFor(s.key).categories.map((c) => c.slug);
      expect(new Set(slugs).size, s.key).toBe(slugs.length);
    }
  });
});
