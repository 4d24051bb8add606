import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import type { Db } from "./db.server";

export type Limit = { max: number; windowMs: number };

export const LIMITS = {
  loginPerEmail: { max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { max: 100, windowMs: 15 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 15 * 60_000 },
  bookingPerPhone: { max: 3, windowMs: 15 * 60_000 },
  bookingPerIp: { max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit for `key` in a fixed window, in one atomic statement, and says whether
 * it is still within the limit. State lives in the database so every server instance
 * (and every Worker isolate) sees the same counters.
 */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()) {
  const expired = now - limit.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(now), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        updatedAt: new Date(now),
      },
    })
    .returning({ count: rateLimits.count });
  return { allowed: row!.count <= limit.max, count: row!.count };
}

export async function resetLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The client's address as the edge or proxy reports it. */
/**
 * The customer's address as our own edge saw it: Cloudflare's `CF-Connecting-IP` (set by
 * Cloudflare, a client cannot forge it there), else the LAST `X-Forwarded-For` entry, the one the
 * nearest proxy appended; the first entries are whatever the client sent (docs/decisions/0004).
 */
export function clientIp(request: Request): string {
  const cf = request.headers.get("cf-connecting-ip")?.trim();
  if (cf) return cf;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return forwarded || "local";
}
