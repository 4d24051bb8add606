// What the public booking page shows of a professional, read in one round trip by booking slug
// (or professional id) and kept near the customer per professional and page version
// (docs/decisions/0620): who is behind the link, whether they take requests, the services on
// offer and the week's hours. A day's busy time is never cached: it is read live, in the same
// round trip as the version check.
import { and, asc, countDistinct, desc, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import { appointments, paymentAccounts, profiles, services, subscriptions, users, type BookingWindow } from "../../../db/schema";
import type { JsonCache } from "../../utils/cache.server";
import type { Db } from "../../utils/db.server";
import { env } from "../../utils/env.server";
import { hitStatements, withinLimits, type Hits } from "../../utils/rate-limit.server";
import { teamOwnerWithSubscription } from "../accounts/access.server";
import { accessReason } from "../accounts/access";
import type { SubscriptionLike } from "../billing/subscription-rules";
import { busyQueries } from "../availability/slot-claims.server";
import { exceptionsQuery, weekHoursQuery } from "../availability/schedule-queries.server";
import type { BusyInterval, DayException, DayHours } from "../availability/slots";
import { addDays, dayOfWeek } from "../dates";
import { POPULAR_WINDOW_DAYS, popularServiceId } from "./popular";
import { notCancelled } from "../status-rules.server";

export type PublicService = {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  bufferMinutes: number;
  priceCents: number;
  color: string;
  requiresDeposit: boolean;
  depositCents: number;
};

/** A subscription as JSON (instants in milliseconds), enough to decide access. */
type StoredSubscription = { status: SubscriptionLike["status"]; trialEnd: number | null; periodEnd: number | null };

export type PublicPage = {
  version: number;
  profile: {
    userId: string;
    bookingSlug: string;
    fullName: string;
    businessName: string;
    address: string;
    businessAddress: string;
    profileImageId: string | null;
    pageTitle: string;
    pageDescription: string;
    welcomeMessage: string;
    primaryColor: string;
    secondaryColor: string;
    showPrices: boolean;
    instagramHandle: string;
    contactPhone: string;
    timeZone: string;
    slotStepMinutes: number;
    autoConfirm: boolean;
    minNoticeMinutes: number;
    bookingWindow: BookingWindow;
    requestExpiryHours: number;
    depositReleaseMinutes: number;
    /** The Pix of a deposit paid to the professional's own key, which the booking's first e-mail carries. */
    pixKey: string;
    pixName: string;
    pixCity: string;
    customerChangeCutoffMinutes: number;
    /** 'Tempo para pagar': how long a deposit charged online holds the time. */
    paymentHoldMinutes: number;
    /** A payment account is connected: deposits are charged online when this server takes them (online-deposits.ts). */
    paymentAccount: boolean;
    /** 'Notificações': whether new requests are e-mailed to the professional. */
    notifyNewRequest: boolean;
    /** 'Página da equipe': the link opens the salon (team-page.server.ts). */
    teamPage: boolean;
    /** 'Lista de espera': step 2 offers 'Avise-me se abrir um horário'. */
    waitlistEnabled: boolean;
  };
  /** The professional's sign-in e-mail: new requests are sent there. */
  email: string;
  access: { subscription: StoredSubscription | null; linked: boolean; ownerSubscription: StoredSubscription | null };
  services: PublicService[];
  /** The service marked 'Popular' (popular.ts), or null. */
  popularServiceId: string | null;
  /** Index = day of the week (0 = Sunday); null for a day never saved (closed). */
  hours: (DayHours | null)[];
  /** When this was read (ms): a copy older than POPULAR_FRESH_MS is read again for 'Popular'. */
  readAt: number;
};

/** 'Popular' follows the bookings: a cached copy of the page is read again after a day. */
export const POPULAR_FRESH_MS = 86_400_000;

/** How long an anonymous visitor's first step may trust the last check of the version. */
export const VERSION_TRUSTED_MS = 10_000;
/** How long cached data and version marks live at most. */
const CACHE_TTL_SECONDS = 3600;

/** The professional behind a booking link, as an SQL expression: booking slug first, then id. */
function professionalOf(slugOrId: string): SQL {
  return sql`(select ${profiles.userId} from ${profiles} where ${profiles.bookingSlug} = ${slugOrId.toLowerCase()} or ${profiles.userId} = ${slugOrId} order by ${profiles.bookingSlug} = ${slugOrId.toLowerCase()} desc limit 1)`;
}

function pageStatements(db: Db, pro: SQL, now: Date) {
  const customers = countDistinct(appointments.clientId);
  const since = addDays(now.toISOString().slice(0, 10), -POPULAR_WINDOW_DAYS);
  return [
    db
      .select({
        version: profiles.pageVersion,
        userId: profiles.userId,
        bookingSlug: profiles.bookingSlug,
        fullName: profiles.fullName,
        businessName: profiles.businessName,
        address: profiles.address,
        businessAddress: profiles.businessAddress,
        profileImageId: profiles.profileImageId,
        pageTitle: profiles.pageTitle,
        pageDescription: profiles.pageDescription,
        welcomeMessage: profiles.welcomeMessage,
        primaryColor: profiles.primaryColor,
        secondaryColor: profiles.secondaryColor,
        showPrices: profiles.showPrices,
        instagramHandle: profiles.instagramHandle,
        contactPhone: profiles.contactPhone,
        timeZone: profiles.timeZone,
        slotStepMinutes: profiles.slotStepMinutes,
        autoConfirm: profiles.autoConfirm,
        minNoticeMinutes: profiles.minNoticeMinutes,
        bookingWindow: profiles.bookingWindow,
        requestExpiryHours: profiles.requestExpiryHours,
        depositReleaseMinutes: profiles.depositReleaseMinutes,
        pixKey: profiles.pixKey,
        pixName: profiles.pixName,
        pixCity: profiles.pixCity,
        customerChangeCutoffMinutes: profiles.customerChangeCutoffMinutes,
        paymentHoldMinutes: profiles.paymentHoldMinutes,
        paymentAccount: sql<boolean>`exists (select 1 from ${paymentAccounts} where ${paymentAccounts.userId} = ${profiles.userId})`.mapWith(Boolean),
        notifyNewRequest: profiles.notifyNewRequest,
        teamPage: profiles.teamPage,
        waitlistEnabled: profiles.waitlistEnabled,
        email: users.email,
        status: subscriptions.status,
        trialEnd: subscriptions.trialEndDate,
        periodEnd: subscriptions.subscriptionEndDate,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoin(subscriptions, eq(subscriptions.userId, profiles.userId))
      .where(eq(profiles.userId, pro)),
    teamOwnerWithSubscription(db, pro),
    // Active services only, by name: inactive services are never offered for booking.
    db
      .select({
        id: services.id,
        name: services.name,
        description: services.description,
        durationMinutes: services.durationMinutes,
        bufferMinutes: services.bufferMinutes,
        priceCents: services.priceCents,
        color: services.color,
        requiresDeposit: services.requiresDeposit,
        depositCents: services.depositCents,
      })
      .from(services)
      .where(and(eq(services.userId, pro), eq(services.isActive, true)))
      .orderBy(asc(services.name)),
    weekHoursQuery(db, pro),
    // 'Popular': the offered services the most different customers booked lately (popular.ts).
    db
      .select({ serviceId: sql<string>`${appointments.serviceId}`, customers })
      .from(appointments)
      .innerJoin(services, and(eq(services.id, appointments.serviceId), eq(services.userId, pro), eq(services.isActive, true)))
      .where(and(eq(appointments.userId, pro), gte(appointments.date, since), notCancelled, isNotNull(appointments.clientId)))
      .groupBy(appointments.serviceId)
      .orderBy(desc(customers))
      .limit(2),
  ] as const;
}

/** The day's busy time (appointments, requests still held) and its own blocks. Never cached. */
function dayStatements(db: Db, pro: SQL, date: string, now: Date) {
  return [...busyQueries(db, { userId: pro, date, now }), exceptionsQuery(db, pro, date)] as const;
}

type PageRows = [
  Awaited<ReturnType<typeof pageStatements>[0]>,
  Awaited<ReturnType<typeof pageStatements>[1]>,
  Awaited<ReturnType<typeof pageStatements>[2]>,
  Awaited<ReturnType<typeof pageStatements>[3]>,
  Awaited<ReturnType<typeof pageStatements>[4]>,
];

const stored = (status: SubscriptionLike["status"] | null, trialEnd: Date | null, periodEnd: Date | null) =>
  status ? { status, trialEnd: trialEnd?.getTime() ?? null, periodEnd: periodEnd?.getTime() ?? null } : null;

function toPage([[row], [owner], offered, week, popular]: PageRows, now: Date): PublicPage | null {
  if (!row) return null;
  const { version, email, status, trialEnd, periodEnd, ...profile } = row;
  const hours: (DayHours | null)[] = Array.from({ length: 7 }, () => null);
  for (const { dayOfWeek: day, userId: _pro, ...h } of week) hours[day] = h;
  return {
    version,
    profile,
    email,
    access: {
      subscription: stored(status, trialEnd, periodEnd),
      linked: !!owner,
      ownerSubscription: owner?.subscription
        ? stored(owner.subscription.status, owner.subscription.trialEndDate, owner.subscription.subscriptionEndDate)
        : null,
    },
    services: offered,
    popularServiceId: popularServiceId(popular, offered.length),
    hours,
    readAt: now.getTime(),
  };
}

const asSubscription = (s: StoredSubscription | null): SubscriptionLike | null =>
  s && {
    status: s.status,
    trialEndDate: s.trialEnd === null ? null : new Date(s.trialEnd),
    subscriptionEndDate: s.periodEnd === null ? null : new Date(s.periodEnd),
  };

/**
 * The same rule as the workspace: a suspended professional (a lapsed plan, or a linked one
 * whose owner's plan ended) takes no new requests. Decided at `now`, so a trial that ends
 * closes the page at once, cached or not.
 */
export function acceptsRequests(page: PublicPage, now = new Date()): boolean {
  const e = env();
  return (
    accessReason(
      {
        email: page.email,
        subscription: asSubscription(page.access.subscription),
        linked: page.access.linked,
        ownerSubscription: asSubscription(page.access.ownerSubscription),
        adminEmails: e.ADMIN_EMAILS,
        exemptEmails: e.ACCESS_EXEMPT_EMAILS,
      },
      now,
    ) !== "denied"
  );
}

/** The working hours of a date (its day of the week). */
export function hoursOn(page: PublicPage, date: string): DayHours | null {
  return page.hours[dayOfWeek(date)] ?? null;
}

type Known = { version: number; checkedAt: number };
/** Bumped when PublicPage's shape changes: a deploy never reads what an older one kept. */
const SHAPE = 6;
const knownKey = (slugOrId: string) => `page${SHAPE}:${slugOrId.toLowerCase()}`;
const dataKey = (slugOrId: string, version: number) => `page${SHAPE}:${slugOrId.toLowerCase()}:v${version}`;

export type PublicPageRead = {
  page: PublicPage | null;
  /** The date's busy time, when a date was asked for. */
  busy: BusyInterval[];
  /** The date's 'Folgas e bloqueios', when a date was asked for. */
  exceptions: DayException[];
  /** Whether every rate-limit hit asked for is within its limit (true when none was). */
  withinLimits: boolean;
};

/**
 * The booking page's reads in one round trip (two only right after the professional changed
 * something, when the cached copy turns out old):
 * - cached data whose version was checked less than VERSION_TRUSTED_MS ago serves an anonymous
 *   visitor's first step with no round trip at all;
 * - otherwise one batch checks the version (or reads everything when nothing is cached), with
 *   the date's busy time and the rate-limit counters of a booking POST in the same batch.
 * A signed-in visitor (the professional previewing) always gets the version checked.
 */
export async function loadPublicPage(
  db: Db,
  cache: JsonCache,
  slugOrId: string,
  opts: {
    date?: string | null;
    /** Rate-limit counters to hit in the same batch, given the professional as an SQL expression. */
    hits?: (professional: SQL) => Hits;
    signedIn?: boolean;
    now?: Date;
    /** Runs the cache writes after the answer (the request's waitUntil); awaited when absent. */
    defer?: (work: () => Promise<unknown>) => void;
  } = {},
): Promise<PublicPageRead> {
  const now = opts.now ?? new Date();
  const pro = professionalOf(slugOrId);
  const hits = opts.hits?.(sql`coalesce(${pro}, '')`) ?? [];
  const day = opts.date ? dayStatements(db, pro, opts.date, now) : null;
  const live = [...(day ?? []), ...hitStatements(db, hits, now.getTime())] as const;
  const remember = async (page: PublicPage) => {
    const write = () =>
      Promise.all([
        cache.put(dataKey(slugOrId, page.version), page, CACHE_TTL_SECONDS),
        cache.put(knownKey(slugOrId), { version: page.version, checkedAt: now.getTime() } satisfies Known, CACHE_TTL_SECONDS),
      ]);
    if (opts.defer) opts.defer(write);
    else await write();
  };
  const fromLive = (rows: readonly unknown[]) => {
    const busy = day ? [...(rows[0] as BusyInterval[]), ...(rows[1] as BusyInterval[])] : [];
    const exceptions = day ? (rows[2] as DayException[]) : [];
    const counts = rows.slice(day ? 3 : 0) as { count: number }[][];
    return { busy, exceptions, withinLimits: withinLimits(hits, counts) };
  };

  const known = await cache.get<Known>(knownKey(slugOrId));
  const cached = known ? await cache.get<PublicPage>(dataKey(slugOrId, known.version)) : undefined;
  if (known && cached) {
    if (!live.length && !opts.signedIn && now.getTime() - known.checkedAt < VERSION_TRUSTED_MS) {
      return { page: cached, busy: [], exceptions: [], withinLimits: true };
    }
    const [versions, ...rows] = await db.batch([
      db.select({ version: profiles.pageVersion }).from(profiles).where(eq(profiles.userId, pro)),
      ...live,
    ]);
    const version = versions[0]?.version;
    if (version === undefined) return { page: null, busy: [], exceptions: [], withinLimits: true };
    let page = cached;
    if (version !== known.version || now.getTime() - cached.readAt > POPULAR_FRESH_MS) {
      const fresh = toPage((await db.batch(pageStatements(db, pro, now))) as unknown as PageRows, now);
      if (!fresh) return { page: null, busy: [], exceptions: [], withinLimits: true };
      page = fresh;
    }
    await remember(page);
    return { page, ...fromLive(rows) };
  }

  const [a, b, c, d, e, ...rows] = await db.batch([...pageStatements(db, pro, now), ...live]);
  const page = toPage([a, b, c, d, e] as unknown as PageRows, now);
  if (page) await remember(page);
  return { page, ...fromLive(rows) };
}

/** The page version checked less than VERSION_TRUSTED_MS ago for this booking link, else null. */
export async function trustedVersion(cache: JsonCache, slugOrId: string, now = Date.now()): Promise<number | null> {
  const known = await cache.get<Known>(knownKey(slugOrId));
  return known && now - known.checkedAt < VERSION_TRUSTED_MS ? known.version : null;
}
