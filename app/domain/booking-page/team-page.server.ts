// The salon's page ('Página da equipe', issue 16): the owner's booking link opens the team, step 0
// 'Escolha o profissional'. Who is on it is read live on every visit (a member's opt-out bumps
// only the member's own page version, never the owner's: docs/decisions/0680), each chosen
// professional's page then comes from loadPublicPage like their own link's.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { linkedAccounts, profiles } from "../../../db/schema";
import type { JsonCache } from "../../utils/cache.server";
import type { Db } from "../../utils/db.server";
import { acceptsRequests, loadPublicPage, type PublicPage, type PublicPageRead, type PublicService } from "./public-page.server";

export { ANY_PROFESSIONAL } from "./team-page";

export type TeamMember = {
  id: string;
  fullName: string;
  businessName: string;
  specialty: string;
  imageUrl: string | null;
};

/** The active linked members of an owner, as an SQL list of user ids. */
function activeMembers(db: Db, ownerId: string) {
  return db
    .select({ id: linkedAccounts.linkedUserId })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.ownerId, ownerId), eq(linkedAccounts.status, "active")));
}

/** Whether the owner has at least one active linked member (the switch is offered only then). */
export async function hasActiveMembers(db: Db, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.ownerId, ownerId), eq(linkedAccounts.status, "active")));
  return (row?.n ?? 0) > 0;
}

/**
 * The professionals on an owner's salon page: the owner first (when they take clients, i.e.
 * 'Aparecer na página da equipe' is on), then each active member who did not opt out, by name.
 * Null when the owner has no active member: then the link is a one-person page as before.
 */
export async function teamOnPage(db: Db, ownerId: string): Promise<TeamMember[] | null> {
  const rows = await db
    .select({
      id: profiles.userId,
      fullName: profiles.fullName,
      businessName: profiles.businessName,
      specialty: profiles.specialty,
      profileImageId: profiles.profileImageId,
      onTeamPage: profiles.onTeamPage,
    })
    .from(profiles)
    .where(or(eq(profiles.userId, ownerId), inArray(profiles.userId, activeMembers(db, ownerId))));
  if (!rows.some((r) => r.id !== ownerId)) return null;
  const byName = (a: { fullName: string }, b: { fullName: string }) => a.fullName.localeCompare(b.fullName, "pt-BR");
  const members = rows.filter((r) => r.onTeamPage);
  return [...members.filter((r) => r.id === ownerId), ...members.filter((r) => r.id !== ownerId).sort(byName)].map(
    ({ profileImageId, onTeamPage: _on, ...m }) => ({ ...m, imageUrl: profileImageId ? `/imagens/${profileImageId}` : null }),
  );
}

/** A team member's booking page read, with the member. */
export type MemberRead = { member: TeamMember; read: PublicPageRead & { page: PublicPage } };

/** The members' pages (and a date's busy time, when asked), each read as their own link reads it. */
export async function loadMemberPages(
  db: Db,
  cache: JsonCache,
  members: TeamMember[],
  opts: { date: string | null; now: Date; defer?: (work: () => Promise<unknown>) => void },
): Promise<MemberRead[]> {
  const reads = await Promise.all(
    members.map(async (member) => ({ member, read: await loadPublicPage(db, cache, member.id, { date: opts.date, now: opts.now, defer: opts.defer }) })),
  );
  return reads.filter((r): r is MemberRead => !!r.read.page && acceptsRequests(r.read.page, opts.now));
}

/**
 * A service of 'Qualquer profissional': the members' services of one name (docs/decisions/0681),
 * its duration and price the lowest of them, with the highest beside them (docs/decisions/0742).
 */
export type TeamService = PublicService & {
  /** Duration or price differs between the members who offer it. */
  varies: boolean;
  maxDurationMinutes: number;
  maxPriceCents: number;
  offers: { memberId: string; service: PublicService }[];
};

const nameKey = (name: string) => name.normalize("NFD").replace(/\p{Diacritic}/gu, "").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The services offered by at least one member, matched by name (accents, case and spaces
 * ignored), in name order. Each is shown with the range of its durations and prices; its id is
 * the first offering member's service id, so the URL names it as on a member's page.
 */
export function teamServices(reads: MemberRead[]): TeamService[] {
  const groups = new Map<string, TeamService>();
  for (const { member, read } of reads) {
    for (const service of read.page.services) {
      const key = nameKey(service.name);
      const group = groups.get(key);
      if (!group) {
        groups.set(key, {
          ...service,
          varies: false,
          maxDurationMinutes: service.durationMinutes,
          maxPriceCents: service.priceCents,
          offers: [{ memberId: member.id, service }],
        });
        continue;
      }
      if (group.offers.some((o) => o.memberId === member.id)) continue;
      group.varies ||= group.durationMinutes !== service.durationMinutes || group.priceCents !== service.priceCents;
      group.durationMinutes = Math.min(group.durationMinutes, service.durationMinutes);
      group.priceCents = Math.min(group.priceCents, service.priceCents);
      group.maxDurationMinutes = Math.max(group.maxDurationMinutes, service.durationMinutes);
      group.maxPriceCents = Math.max(group.maxPriceCents, service.priceCents);
      group.offers.push({ memberId: member.id, service });
    }
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
}

/** Who may set what in 'Página da equipe' (Configurações > Página). */
export type TeamSettingsAccess = { owner: boolean; member: boolean };

/** An owner with active members sets both switches; a member only their own 'Aparecer na página da equipe'. */
export async function teamSettingsAccess(db: Db, user: { id: string; linkedOwnerId: string | null }): Promise<TeamSettingsAccess> {
  const owner = !user.linkedOwnerId && (await hasActiveMembers(db, user.id));
  return { owner, member: !!user.linkedOwnerId };
}

/** Saves the switches this user may set; false when they may set none (not in a team). */
export async function saveTeamSettings(
  db: Db,
  userId: string,
  access: TeamSettingsAccess,
  values: { teamPage: boolean; onTeamPage: boolean },
): Promise<boolean> {
  if (!access.owner && !access.member) return false;
  await db
    .update(profiles)
    .set(access.owner ? values : { onTeamPage: values.onTeamPage })
    .where(eq(profiles.userId, userId));
  return true;
}
