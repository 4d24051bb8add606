// Brand colours chosen by the professional are applied as the page theme. White text on a light
// brand colour would be unreadable, so the theme darkens a colour just enough to reach WCAG AA
// (4.5:1 against white); colours that already pass are used unchanged (docs/decisions/0242).

const HEX_RE = /^#[0-9a-f]{6}$/i;
export const AA_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]) {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio of a #rrggbb colour against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(channels(hex)) + 0.05);
}

function toHex(rgb: number[]) {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** Contrast ratio of two #rrggbb colours (1 to 21). */
function contrast(a: [number, number, number], b: [number, number, number]) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour at `alpha` over white, as `bg-brand/10` paints it. */
function tint(rgb: [number, number, number], alpha: number): [number, number, number] {
  return rgb.map((c) => c * alpha + 255 * (1 - alpha)) as [number, number, number];
}

/**
 * Readable both ways: white text on the colour, and the colour as text on its own light tint
 * (an active menu item, a badge: `text-brand` on `bg-brand/10`), both at least 4.5:1.
 */
function readable(rgb: [number, number, number]) {
  const white: [number, number, number] = [255, 255, 255];
  return contrast(rgb, white) >= AA_CONTRAST && contrast(rgb, tint(rgb, BRAND_TINT)) >= AA_CONTRAST;
}

/** The strongest tint of the brand colour the interface paints text on (`bg-brand/10`). */
const BRAND_TINT = 0.1;

/** The colour itself when it reads well (see `readable`), else the lightest darker shade that does. */
export function readableOnWhiteText(hex: string): string {
  if (!HEX_RE.test(hex)) return hex;
  const rgb = channels(hex);
  if (readable(rgb)) return hex;
  for (let step = 1; step <= 20; step++) {
    const candidate = rgb.map((c) => c * (1 - step * 0.05)) as [number, number, number];
    if (readable(candidate)) return toHex(candidate);
  }
  return "#000000";
}

/** CSS custom properties of a page themed with the professional's colours. */
export function brandTheme(primary: string, secondary: string) {
  return {
    "--color-brand": readableOnWhiteText(primary),
    "--color-brand-2": readableOnWhiteText(secondary),
  };
}
