// What the booking page's steps 1-3 offer, as one interface with two kinds: a professional's own
// page (their link, or a salon member chosen at step 0) and the salon's 'Qualquer profissional'
// (every member's pages at once, docs/decisions/0681 and 0742). The page asks each step's
// question of the offer and never which kind it is.
import { customerDateRange, customerTimes } from "./customer-times";
import { acceptsRequests, hoursOn, type PublicPage, type PublicPageRead, type PublicService } from "./public-page.server";
import { offerKey } from "./team-page";
import { teamServices, type MemberRead, type TeamMember, type TeamService } from "./team-page.server";

/** A service as the steps show it; 'Qualquer profissional' adds the members' highest figures. */
export type OfferedService = PublicService & { maxDurationMinutes?: number; maxPriceCents?: number };

/** A professional who could take a time: their page (profile and e-mail) and their own service. */
export type Candidate = { page: PublicPage; member: TeamMember | null; service: PublicService };

/** Step 3's 'quem atende neste horário' on 'Qualquer profissional', carried back by the form as `oferta`. */
export type ShownOffer = { key: string; professional: TeamMember; service: PublicService };

/** A date of the offer for one service: closed all day, or its free times and who takes each. */
export type OfferDay = {
  closed: { reason: string | null } | null;
  times: string[];
  /**
   * The times that could still open (free or taken): the hours, blocks (another calendar's busy
   * time included), minimum notice and window, without the bookings. What a professional's
   * waiting list can offer (none on 'Qualquer profissional').
   */
  openable: string[];
  /** Who could take `time`, in the order the claim tries them. */
  candidates(time: string): Candidate[];
  /** Of those, whom the claim may give the time once the customer confirmed the offer `shown`. */
  claimable(candidates: Candidate[], shown: string): Candidate[];
  /** Who step 3 names before 'Confirmar' (a professional's own page needs no one named). */
  shownOffer(candidates: Candidate[]): ShownOffer | null;
};

/** `S`: the kind's own services (the page asks `day` only of a service this offer gave). */
export type BookingOffer<S extends OfferedService = OfferedService> = {
  /** Online booking is open (else the page says it is unavailable). */
  accepting: boolean;
  /** The services offered: none when not accepting. */
  services: S[];
  /** The service marked 'Popular', or null. */
  popularServiceId: string | null;
  /** The dates a customer may choose. */
  range: { today: string; maxDate: string };
  /** The service `?servico=` names, or null. */
  service(id: string | null): S | null;
  /** A date's times for a service (`date` already within `range`). */
  day(service: S, date: string): OfferDay;
};

type PageRead = Pick<PublicPageRead, "busy" | "exceptions"> & { page: PublicPage };

/** One professional's free times on a date for their own service: their hours, blocks and rules. */
function pageTimes(read: PageRead, service: PublicService, date: string, now: Date) {
  const { page } = read;
  return customerTimes({
    date,
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferMinutes,
    rules: page.profile,
    hours: hoursOn(page, date),
    exceptions: read.exceptions,
    busy: read.busy,
    now,
    maxDate: customerDateRange(page.profile, now).maxDate,
  });
}

/** A professional's own page: their services, their dates and times; the claim is theirs alone. */
export function pageOffer(read: PageRead, now: Date): BookingOffer {
  const { page } = read;
  const accepting = acceptsRequests(page, now);
  const services = accepting ? page.services : [];
  return {
    accepting,
    services,
    popularServiceId: page.popularServiceId,
    range: customerDateRange(page.profile, now),
    service: (id) => services.find((s) => s.id === id) ?? null,
    day(service, date) {
      const { closed, times } = pageTimes(read, service, date, now);
      return {
        closed,
        times,
        get openable() {
          return closed ? [] : pageTimes({ ...read, busy: [] }, service, date, now).times;
        },
        candidates: () => [{ page, member: null, service }],
        claimable: (candidates) => candidates,
        shownOffer: () => null,
      };
    },
  };
}

/** The cheapest first, then the shortest, then team order (the sort is stable). */
const byOffer = (a: Candidate, b: Candidate) =>
  a.service.priceCents - b.service.priceCents || a.service.durationMinutes - b.service.durationMinutes;

/**
 * 'Qualquer profissional': the members' services matched by name, from the earliest 'today' to
 * the farthest last date of the members; a date's times are the union of the free times of
 * every member offering the service (each with their own duration, buffer, hours, blocks and
 * rules), closed only when every one of them is closed that day.
 */
export function teamOffer(reads: MemberRead[], now: Date): BookingOffer<TeamService> {
  const services = teamServices(reads);
  const ranges = reads.map((r) => customerDateRange(r.read.page.profile, now));
  return {
    accepting: reads.length > 0,
    services,
    popularServiceId: null,
    range: { today: ranges.map((r) => r.today).sort()[0]!, maxDate: ranges.map((r) => r.maxDate).sort().at(-1)! },
    service: (id) => services.find((s) => s.offers.some((o) => o.service.id === id)) ?? null,
    day: (service, date) => teamDay(reads, service, date, now),
  };
}

/**
 * A date of 'Qualquer profissional': for each time the members free then, the cheapest first
 * (then the shortest, then team order): the first is the professional and price step 3 shows.
 */
function teamDay(reads: MemberRead[], service: TeamService, date: string, now: Date): OfferDay {
  const free = new Map<string, Candidate[]>();
  const closures: { reason: string | null }[] = [];
  let open = false;
  for (const offer of service.offers) {
    const read = reads.find((r) => r.member.id === offer.memberId);
    if (!read) continue;
    const { closed, times } = pageTimes(read.read, offer.service, date, now);
    if (closed) closures.push(closed);
    else open = true;
    const candidate = { page: read.read.page, member: read.member, service: offer.service };
    for (const time of times) free.set(time, [...(free.get(time) ?? []), candidate]);
  }
  const reasons = [...new Set(closures.map((c) => c.reason))];
  return {
    closed: !open && closures.length ? { reason: reasons.length === 1 ? reasons[0]! : null } : null,
    times: [...free.keys()].sort(),
    openable: [],
    candidates: (time) => [...(free.get(time) ?? [])].sort(byOffer),
    claimable: (candidates, shown) => claimableFor(service, candidates, shown),
    shownOffer([first]) {
      return first?.member ? { key: offerKey(first.service), professional: first.member, service: first.service } : null;
    },
  };
}

/**
 * Whom the claim may give a 'Qualquer profissional' request once the customer confirmed the
 * offer `shown` (its `offerKey`): its member first, then any other member free then at no higher
 * price and no longer duration (docs/decisions/0742). Empty when that offer no longer exists as
 * shown (the member left, or changed the price or duration): the customer is shown the new one.
 */
function claimableFor(service: TeamService, candidates: Candidate[], shown: string): Candidate[] {
  const offer = service.offers.find((o) => offerKey(o.service) === shown)?.service;
  if (!offer) return [];
  const within = candidates.filter((c) => c.service.priceCents <= offer.priceCents && c.service.durationMinutes <= offer.durationMinutes);
  return [...within.filter((c) => c.service.id === offer.id), ...within.filter((c) => c.service.id !== offer.id)];
}

