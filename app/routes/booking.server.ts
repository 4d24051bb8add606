// The public booking page's server side (routes/booking.tsx): the page's state from the URL
// (?profissional=&servico=&data=&horario=) with this request's reads, and the claim of a time.
// Steps 1-3 ask their questions of one offer (domain/booking-page/offer.server.ts): a
// professional's own page, or the salon's 'Qualquer profissional'.
import type { RouterContextProvider } from "react-router";
import { bookingFloodGuard, createBookingRequestWithFirstFree } from "../domain/booking-requests/creation.server";
import { choosableDate } from "../domain/booking-page/customer-times";
import { pageOffer, teamOffer, type BookingOffer, type Candidate, type OfferDay } from "../domain/booking-page/offer.server";
import { loadPublicPage, type PublicPage, type PublicPageRead, type PublicService } from "../domain/booking-page/public-page.server";
import { ANY_PROFESSIONAL, loadMemberPages, teamOnPage, type TeamMember } from "../domain/booking-page/team-page.server";
import { isIsoDate, isTime, minutesToTime, timeToMinutes } from "../domain/dates";
import { deliverSoon } from "../domain/notifications/deliver-soon.server";
import { offerPrefill } from "../domain/waitlist/entries.server";
import { waitlistPeriods } from "../domain/waitlist/periods";
import { whatsappLink } from "../domain/whatsapp";
import type { BookingPro, BookingView } from "../components/booking/page-view";
import { notFound } from "../utils/actions.server";
import { afterResponse } from "../utils/background.server";
import { getCache } from "../utils/cache.server";
import { getDb } from "../utils/db.server";
import { mercadoPagoConfigured } from "../utils/mercadopago.server";
import { chargeClaimed, paymentAccountRows } from "../domain/payments/deposit-charges.server";
import { chargesOnline, depositRule, paymentHoldMinutes, takesOnlinePayments } from "../domain/booking-requests/online-deposits";
import { professionalLabel } from "../domain/notifications/change-notices";
import { clientAddress } from "../utils/request-context.server";
import { OFFER_CHANGED, RATE_LIMIT_MESSAGE, TAKEN, validateBookingSubmission, type BookingField } from "../validation/booking";

type Context = Readonly<RouterContextProvider>;
type PageRead = PublicPageRead & { page: PublicPage };

/** The page as this request reads it: what it shows, and what its POST needs besides. */
type BookingPage = {
  view: BookingView;
  version: number;
  withinLimits: boolean;
  /** The zone of the professional whose page this is (the salon's for 'Qualquer profissional'). */
  timeZone: string;
  day: OfferDay | null;
  /** Who could take the time chosen, in the order the claim tries them. */
  candidates: Candidate[];
  /** The one professional whose offer this is (null for the salon's 'Qualquer profissional'): the waiting list's. */
  professional: PublicPage["profile"] | null;
};

/** The booking page's state from the URL (?profissional=&servico=&data=&horario=), with this request's reads. */
export async function loadPage(
  context: Context,
  request: Request,
  params: { slug?: string },
  url: URL,
  hits?: ReturnType<typeof bookingFloodGuard>,
): Promise<BookingPage> {
  const now = new Date();
  const dateParam = url.searchParams.get("data") ?? "";
  const wantsDay = url.searchParams.has("servico") && isIsoDate(dateParam);
  const read = params.slug
    ? await loadPublicPage(getDb(context), getCache(context), params.slug, {
        date: wantsDay ? dateParam : null,
        hits,
        signedIn: /(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? ""),
        now,
        defer: (work) => afterResponse(context, work),
      })
    : null;
  const found = read?.page;
  if (!read || !found) notFound({ message: "Profissional não encontrado" });
  const own = { ...read, page: found };
  // The salon ('Página da equipe'): the link first asks for the professional (step 0), then runs
  // steps 1-3 on the chosen one's page, or on the whole team's for 'Qualquer profissional'.
  const team = found.profile.teamPage ? await teamOnPage(getDb(context), found.profile.userId) : null;
  const asked = url.searchParams.get("profissional");
  const chosen = team ? await chooseProfessional(context, team, own, asked, wantsDay ? dateParam : null, now) : null;
  const choosing = !!team && !chosen;
  const { page, offer } = chosen ?? { page: found, offer: pageOffer(own, now) };

  const service = choosing ? null : offer.service(url.searchParams.get("servico"));
  const date = service && wantsDay ? choosableDate(dateParam, offer.range) : null;
  // A date closed all day ('Folgas e bloqueios') says so, with its reason when it is public.
  const day = service && date ? offer.day(service, date) : null;
  const slots = day?.times ?? [];
  const timeParam = url.searchParams.get("horario") ?? "";
  const time = date && isTime(timeParam) && slots.includes(timeParam) ? timeParam : null;
  const candidates = day && time ? day.candidates(time) : [];
  const professional = chosen?.choice === ANY_PROFESSIONAL ? null : page.profile;
  // The waiting list: a professional's own day with a time that could still open (docs/decisions/1024).
  const periods = day && date && !day.closed && professional?.waitlistEnabled ? waitlistPeriods(day.openable, slots) : [];
  // A waiting-list offer's link: its customer's data filled in at step 3 (docs/decisions/1026).
  const espera = url.searchParams.get("espera");
  const prefill = time && professional && espera ? await offerPrefill(getDb(context), espera, professional.userId) : null;
  return {
    view: {
      // 'Qualquer profissional' at step 3: the member who takes the time (the cheapest free then),
      // shown with their price before 'Confirmar' and carried back by the form.
      finalOffer: day?.shownOffer(candidates) ?? null,
      team,
      chosen: chosen?.choice ?? null,
      services: choosing ? [] : offer.services,
      popularServiceId: offer.popularServiceId,
      // The link's own professional (or salon), with the prices shown as the chosen one's page says.
      pro: proView(found.profile, page.profile.showPrices, offer.accepting),
      step: choosing ? 0 : !service ? 1 : time ? 3 : 2,
      service,
      date,
      dateRequested: dateParam,
      slots,
      time,
      timeGone: !!(date && timeParam && !time),
      closed: day?.closed ?? null,
      waitlist: periods.length > 0,
      waitlistPeriods: periods,
      prefill,
      today: offer.range.today,
      maxDate: offer.range.maxDate,
      deposit: depositTerms(page.profile, service),
    },
    version: found.version,
    withinLimits: read.withinLimits,
    timeZone: page.profile.timeZone,
    day,
    candidates,
    professional,
  };
}

/**
 * How the chosen service's deposit is paid, said at steps 1-3 before anything is asked: online
 * (the rule of its refund, the e-mail asked, 'Confirmar e pagar sinal') or by the static Pix.
 */
function depositTerms(profile: PublicPage["profile"], service: PublicService | null): BookingView["deposit"] {
  const payments = { paymentAccount: profile.paymentAccount, configured: mercadoPagoConfigured() };
  if (!takesOnlinePayments(payments)) return null;
  return { online: chargesOnline(payments, service?.requiresDeposit ? service.depositCents : 0), rule: depositRule(profile.customerChangeCutoffMinutes) };
}

/** Who is behind the link, as the page's header and footer show them. */
function proView(profile: PublicPage["profile"], showPrices: boolean, accepting: boolean): BookingPro {
  return {
    id: profile.userId,
    slug: profile.bookingSlug,
    fullName: profile.fullName,
    businessName: profile.businessName,
    address: profile.businessAddress || profile.address,
    imageUrl: profile.profileImageId ? `/imagens/${profile.profileImageId}` : null,
    pageTitle: profile.pageTitle || "Agende seu horário",
    pageDescription: profile.pageDescription,
    welcomeMessage: profile.welcomeMessage,
    primaryColor: profile.primaryColor,
    secondaryColor: profile.secondaryColor,
    showPrices,
    instagram: profile.instagramHandle.replace(/^@/, ""),
    whatsapp: profile.contactPhone ? whatsappLink(profile.contactPhone, "Olá! Vim pela sua página de agendamento no Agendo.") : null,
    accepting,
  };
}

/**
 * The professional chosen on the salon's page (docs/decisions/0680) with their page and offer,
 * or null while none is (step 0). A name not on the page (an old link, a member who left or
 * opted out) is no choice: the customer chooses again. 'Qualquer profissional' offers every
 * member's page (each read with the date's busy time) under the salon's own.
 */
async function chooseProfessional(
  context: Context,
  team: TeamMember[],
  owner: PageRead,
  asked: string | null,
  date: string | null,
  now: Date,
): Promise<{ choice: TeamMember | typeof ANY_PROFESSIONAL; page: PublicPage; offer: BookingOffer } | null> {
  const db = getDb(context);
  const opts = { date, now, defer: (work: () => Promise<unknown>) => afterResponse(context, work) };
  if (asked === ANY_PROFESSIONAL && team.length > 0) {
    const reads = await loadMemberPages(db, getCache(context), team, opts);
    return { choice: ANY_PROFESSIONAL, page: owner.page, offer: teamOffer(reads, now) };
  }
  const member = team.find((m) => m.id === asked);
  if (!member) return null;
  const read = member.id === owner.page.profile.userId ? owner : await loadPublicPage(db, getCache(context), member.id, opts);
  return read.page ? { choice: member, page: read.page, offer: pageOffer({ ...read, page: read.page }, now) } : null;
}

/** A booking POST's fields as typed (kept in the form when it is refused). */
export type Typed = Record<string, string | undefined>;

type ClaimOutcome = { ok: true; token: string } | { ok: false; field: BookingField; message: string; status: number };

/**
 * Step 3's 'Confirmar': the customer's data checked, then the time claimed for the first
 * candidate still free when the claim runs (docs/decisions/0681); the e-mails go out after the
 * customer has their answer.
 */
export async function claimTime(context: Context, page: BookingPage, input: Typed): Promise<ClaimOutcome> {
  const refuse = (field: BookingField, message: string, status = 400) => ({ ok: false as const, field, message, status });
  const { service } = page.view;
  const date = input.data ?? "";
  const startMinute = timeToMinutes(input.horario ?? "");
  if (!service || !isIsoDate(date) || Number.isNaN(startMinute)) return refuse("form", "Dados incompletos para agendamento.");
  if (!page.withinLimits) return refuse("form", RATE_LIMIT_MESSAGE, 429);

  const now = new Date();
  const checked = validateBookingSubmission(input, { now, timeZone: page.timeZone, date, startMinute, emailRequired: !!page.view.deposit?.online });
  if (!checked.ok) return refuse(checked.field, checked.message);
  // A time no longer offered (taken, or outside the hours) is refused before writing; the claim
  // below stays the real guard against two customers racing for one time.
  const { day } = page;
  if (!day || !page.view.slots.includes(minutesToTime(startMinute))) return refuse("time", TAKEN, 409);
  // 'Qualquer profissional': only the member shown before 'Confirmar', or another free then at no
  // higher price and no longer duration; else the customer sees the new offer (docs/decisions/0742).
  const { candidates } = page;
  const claimable = day.claimable(candidates, input.oferta ?? "");
  if (claimable.length === 0) return refuse("time", candidates.length ? OFFER_CHANGED : TAKEN, 409);

  const db = getDb(context);
  // A deposit charged online (issue 23): the candidates' payment accounts are read beside the
  // claim, and the one that got the time is charged (one provider call) and stored.
  const configured = mercadoPagoConfigured();
  const online = (profile: PublicPage["profile"], service: PublicService) =>
    !!checked.value.email && chargesOnline({ paymentAccount: profile.paymentAccount, configured }, service.requiresDeposit ? service.depositCents : 0);
  const charged = claimable.filter(({ page: { profile }, service }) => online(profile, service)).map(({ page: { profile } }) => profile.userId);
  const claim = createBookingRequestWithFirstFree(
    db,
    claimable.map(({ page: { profile, email }, service }) => ({
      input: {
        professionalId: profile.userId,
        service,
        customerName: checked.value.name,
        customerPhone: checked.value.phone,
        customerEmail: checked.value.email,
        date,
        startMinute,
        notes: checked.value.notes || null,
      },
      args: {
        autoConfirm: profile.autoConfirm,
        notify: profile.notifyNewRequest ? email : null,
        professional: profile,
        timeZone: profile.timeZone,
        expiryHours: profile.requestExpiryHours,
        depositReleaseMinutes: profile.depositReleaseMinutes,
        onlineHoldMinutes: online(profile, service) ? paymentHoldMinutes(profile.paymentHoldMinutes) : undefined,
        clientAddress: clientAddress(context),
        now,
      },
    })),
  );
  const [created, accounts] = await Promise.all([claim, charged.length ? paymentAccountRows(db, charged) : []]);
  if (created === "limited") return refuse("form", RATE_LIMIT_MESSAGE, 429);
  if (created === "taken") return refuse("time", candidates.length > claimable.length ? OFFER_CHANGED : TAKEN, 409);
  if (created.request?.paymentProvider) {
    const who = claimable.find((c) => c.page.profile.userId === created.professionalId)?.page.profile;
    await chargeClaimed(db, created.request, accounts.find((a) => a.userId === created.professionalId), who ? professionalLabel(who) : "", now);
  }
  // The professional's e-mail and the customer's go out after the customer has their answer.
  deliverSoon(context, [created.email, created.customerEmailKey, ...created.pushKeys]);
  return { ok: true, token: created.token };
}
