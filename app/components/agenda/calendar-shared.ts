// Small helpers the calendar's pieces share: colours, addresses and the moving time line.
import { useEffect, useState } from "react";

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/**
 * The colour at `alpha` over white, as a solid #rrggbb: a block's background stays the same light
 * tint whatever is under it, and dark text on it stays readable whatever the service's colour.
 */
export function tint(hex: string, alpha: number): string {
  const m = HEX.exec(hex);
  if (!m) return "#f1f5f9";
  return `#${m
    .slice(1, 4)
    .map((c) => Math.round(parseInt(c, 16) * alpha + 255 * (1 - alpha)).toString(16).padStart(2, "0"))
    .join("")}`;
}

/** Diagonal stripes of two colours (pending requests, breaks and blocks). */
export function hatch(a: string, b: string): string {
  return `repeating-linear-gradient(135deg, ${a} 0 6px, ${b} 6px 12px)`;
}

/** An agenda address with one more parameter (the addresses always carry ?vista=). */
export function withParam(href: string, name: string, value: string): string {
  return `${href}${href.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;
}

/**
 * The minute of the day now, in the professional's zone: the server's figure, moved on by the
 * minutes the page has been open (no time-zone code in the browser).
 */
export function useNowMinute(serverMinute: number): number {
  const [now, setNow] = useState(serverMinute);
  useEffect(() => {
    setNow(serverMinute);
    const started = Date.now();
    const timer = setInterval(() => setNow(serverMinute + Math.floor((Date.now() - started) / 60_000)), 30_000);
    return () => clearInterval(timer);
  }, [serverMinute]);
  return now;
}
