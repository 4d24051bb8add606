// The booking page's salon step (docs/decisions/0680): which professional `?profissional=` names
// on the owner's team page, and that professional's page read (or every member's, for
// 'Qualquer profissional'), the date's busy time included.
import type { Route } from "./+types/booking";
import {
  ANY_PROFESSIONAL,
  loadMemberPages,
  teamServices,
  type MemberRead,
  type TeamMember,
  type TeamService,
} from "../domain/booking-requests/team-page.server";
import { loadPublicPage, type PublicPage, type PublicPageRead } from "../domain/booking-requests/public-page.server";
import { afterResponse } from "../utils/background.server";
import { getCache } from "../utils/cache.server";
import { getDb } from "../utils/db.server";

export type Chosen =
  | { kind: "member"; member: TeamMember; page: PublicPage; read: PublicPageRead }
  | { kind: "any"; reads: MemberRead[]; services: TeamService[] };

/**
 * The professional chosen on the salon's page, or null while none is (step 0). A name not on the
 * page (an old link, a member who left or opted out) is no choice: the customer chooses again.
 */
export async function chooseProfessional(
  context: Route.LoaderArgs["context"],
  team: TeamMember[],
  owner: PublicPage,
  ownerRead: PublicPageRead,
  url: URL,
  date: string | null,
  now: Date,
): Promise<Chosen | null> {
  const asked = url.searchParams.get("profissional");
  const db = getDb(context);
  const opts = { date, now, defer: (work: () => Promise<unknown>) => afterResponse(context, work) };
  if (asked === ANY_PROFESSIONAL && team.length > 0) {
    const reads = await loadMemberPages(db, getCache(context), team, opts);
    return { kind: "any", reads, services: teamServices(reads) };
  }
  const member = team.find((m) => m.id === asked);
  if (!member) return null;
  if (member.id === owner.profile.userId) return { kind: "member", member, page: owner, read: ownerRead };
  const read = await loadPublicPage(db, getCache(context), member.id, opts);
  return read.page ? { kind: "member", member, page: read.page, read } : null;
}
