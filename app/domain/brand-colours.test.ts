import { describe, expect, it } from "vitest";
import { AA_CONTRAST, brandTheme, contrastWithWhite, readableOnWhiteText } from "./brand-colours";

describe("brand colours under white text", () => {
  it("measures contrast like WCAG", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 1);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastWithWhite("#3B82F6")).toBeCloseTo(3.68, 1);
  });

  it("keeps a colour that already passes", () => {
    expect(readableOnWhiteText("#1D4ED8")).toBe("#1D4ED8");
    expect(readableOnWhiteText("#4f46e5")).toBe("#4f46e5");
  });

  it("darkens the default blue and a pale pink just enough to pass AA", () => {
    for (const hex of ["#3B82F6", "#F9A8D4", "#FFFF00", "#ffffff"]) {
      const out = readableOnWhiteText(hex);
      expect(contrastWithWhite(out)).toBeGreaterThanOrEqual(AA_CONTRAST);
      // One 5% step lighter would fail: the shade is the lightest that passes.
      expect(out).not.toBe(hex.toLowerCase());
    }
    expect(contrastWithWhite(readableOnWhiteText("#3B82F6"))).toBeLessThan(AA_CONTRAST + 1);
  });

  it("leaves anything that is not #rrggbb alone and themes both colours", () => {
    expect(readableOnWhiteText("blue")).toBe("blue");
    expect(brandTheme("#3B82F6", "#000000")).toEqual({
      "--color-brand": readableOnWhiteText("#3B82F6"),
      "--color-brand-2": "#000000",
    });
  });
});
