import type { ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/booking";
import { bookingFloodGuard, createBookingRequestWithFirstFree } from "../domain/booking-requests/booking-requests.server";
import { acceptsRequests, hoursOn, loadPublicPage, type PublicService } from "../domain/booking-requests/public-page.server";
import { claimableFor, teamDateRange, teamOnPage, teamTimes, type TeamService } from "../domain/booking-requests/team-page.server";
import { ANY_PROFESSIONAL, offerKey } from "../domain/booking-requests/team-page";
import { chooseProfessional } from "./booking.team.server";
import { choosableDate, customerDateRange, customerTimes } from "../domain/booking-requests/customer-times";
import { afterResponse } from "../utils/background.server";
import { getCache } from "../utils/cache.server";
import { deliverEmail, transportFromEnv } from "../utils/email.server";
import { deliverQueuedNow } from "../domain/notifications/job.server";
import { getDb } from "../utils/db.server";
import { formatMoney } from "../domain/money";
import { PHONE_INPUT_MAX_LENGTH } from "../domain/phone";
import { clientAddress } from "../utils/request-context.server";
import { formatDate, isIsoDate, isTime, minutesToTime, timeToMinutes } from "../domain/dates";
import { whatsappLink } from "../domain/whatsapp";
import {
  INVALID_REQUEST,
  isBotSubmission,
  NOTES_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  RATE_LIMIT_MESSAGE,
  validateBookingSubmission,
} from "../validation/booking";
import { Avatar } from "../components/avatar";
import { TimePicker } from "../components/booking/time-picker";
import { ProfessionalStep } from "../components/booking/professional-step";
import { ServiceFacts, variesByProfessional } from "../components/booking/service-facts";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { contentSecurityPolicy, scriptHash } from "../utils/security.server";
import { firstStepSlug, firstStepVersionContext } from "./booking.cache.server";
import { BOOKING_PAGE_SCRIPT } from "./booking.enhance";
import { LegalLinks } from "../components/legal-page";
import { brandTheme } from "../domain/brand-colours";

// The public booking page: /agendamento/{slug}, /{slug} and /{professionalId}.
// Without JavaScript every step is a plain GET/POST page whose state lives in the URL
// (?servico=&data=&horario=); with it, the same forms navigate without full reloads.

export const TAKEN = "Este horário acabou de ser ocupado. Escolha outro horário.";
/** 'Qualquer profissional': the offer shown is gone, another member (at another price) is free. */
export const OFFER_CHANGED = "O profissional ou o valor deste horário mudou. Confira acima quem atende e o valor, e confirme de novo.";

/** The customer's phone downloads no framework: the page is whole as HTML (docs/decisions/0621). */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [{ title: "Profissional não encontrado — Agendo" }];
  const name = d.pro.businessName || d.pro.fullName;
  return [
    { title: `${d.pro.pageTitle} — ${name}` },
    { name: "description", content: d.pro.pageDescription || `Agende seu horário com ${name}.` },
  ];
};

/** The booking page's state from the URL (?servico=&data=&horario=), with this request's reads. */
async function loadPage(
  context: Route.LoaderArgs["context"],
  request: Request,
  params: { slug?: string },
  url: URL,
  hits?: ReturnType<typeof bookingFloodGuard>,
) {
  const db = getDb(context);
  const now = new Date();
  const dateParam = url.searchParams.get("data") ?? "";
  const wantsDay = url.searchParams.has("servico") && isIsoDate(dateParam);
  const read = params.slug
    ? await loadPublicPage(db, getCache(context), params.slug, {
        date: wantsDay ? dateParam : null,
        hits,
        signedIn: /(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? ""),
        now,
        defer: (work) => afterResponse(context, work),
      })
    : null;
  const found = read?.page;
  if (!read || !found) throw data({ message: "Profissional não encontrado" }, { status: 404 });
  // The salon ('Página da equipe'): the link first asks for the professional (step 0), then runs
  // steps 1-3 on the chosen one's page, or on the whole team's for 'Qualquer profissional'.
  const team = found.profile.teamPage ? await teamOnPage(db, found.profile.userId) : null;
  const chosen = team ? await chooseProfessional(context, team, found, read, url, wantsDay ? dateParam : null, now) : null;
  const offer = chosen && chosen.kind === "member" ? chosen : { page: found, read };
  const { profile } = found;
  const accepting = chosen?.kind === "any" ? chosen.reads.length > 0 : acceptsRequests(offer.page, now);
  const services: (PublicService & { maxDurationMinutes?: number; maxPriceCents?: number })[] = !accepting || (team && !chosen)
    ? []
    : chosen?.kind === "any"
      ? chosen.services
      : offer.page.services;
  const { today, maxDate } = chosen?.kind === "any" ? teamDateRange(chosen.reads, now) : customerDateRange(offer.page.profile, now);

  const serviceParam = url.searchParams.get("servico");
  const service =
    chosen?.kind === "any"
      ? (chosen.services.find((s) => s.offers.some((o) => o.service.id === serviceParam)) ?? null)
      : (services.find((s) => s.id === serviceParam) ?? null);
  const date = service && wantsDay ? choosableDate(dateParam, { today, maxDate }) : null;
  // A date closed all day ('Folgas e bloqueios') says so, with its reason when it is public.
  const anyTimes = chosen?.kind === "any" && service && date ? teamTimes(chosen.reads, service as TeamService, date, now) : null;
  const { closed, times: slots } = anyTimes
    ? anyTimes
    : service && date
      ? customerTimes({
          date,
          durationMinutes: service.durationMinutes,
          bufferMinutes: service.bufferMinutes,
          rules: offer.page.profile,
          hours: hoursOn(offer.page, date),
          exceptions: offer.read.exceptions,
          busy: offer.read.busy,
          now,
          maxDate,
        })
      : { closed: null, times: [] };
  const timeParam = url.searchParams.get("horario") ?? "";
  const time = date && isTime(timeParam) && slots.includes(timeParam) ? timeParam : null;
  const step = team && !chosen ? 0 : !service ? 1 : time ? 3 : 2;
  // 'Qualquer profissional' at step 3: the member who takes the time (the cheapest free then),
  // shown with their price before 'Confirmar' and carried back by the form (docs/decisions/0742).
  const candidates = anyTimes && time ? anyTimes.candidates(time) : [];
  const first = candidates[0];
  const finalOffer = first
    ? {
        key: offerKey(first.service),
        professional: first.read.member,
        service: first.service,
      }
    : null;
  return {
    profile: offer.page.profile,
    email: offer.page.email,
    candidates,
    finalOffer,
    team,
    chosen: chosen ? (chosen.kind === "any" ? ANY_PROFESSIONAL : chosen.member) : null,
    version: found.version,
    withinLimits: read.withinLimits,
    services,
    popularServiceId: chosen?.kind === "any" ? null : offer.page.popularServiceId,
    pro: {
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
      showPrices: chosen?.kind === "member" ? chosen.page.profile.showPrices : profile.showPrices,
      instagram: profile.instagramHandle.replace(/^@/, ""),
      whatsapp: profile.contactPhone
        ? whatsappLink(profile.contactPhone, "Olá! Vim pela sua página de agendamento no Agendo.")
        : null,
      accepting,
    },
    step,
    service,
    date,
    dateRequested: dateParam,
    slots,
    time,
    timeGone: !!(date && timeParam && !time),
    closed,
    today,
    maxDate,
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { profile: _profile, email: _email, withinLimits: _limits, candidates: _candidates, version, ...page } = await loadPage(
    context,
    request,
    params,
    new URL(request.url),
  );
  // A first step any visitor gets alike is kept by the server entry under this version. Not the
  // salon's: who is on it follows the members' own settings, outside this page's version.
  if (page.step === 1 && !page.team && firstStepSlug(request)) context.set(firstStepVersionContext, version);
  // No shared cache keeps this page: the server keeps the professional's data (and the first
  // step) itself, per page version (docs/decisions/0620), and slots are read live. Its one inline
  // script is allowed by hash, so the same HTML can go to every visitor.
  return data(page, {
    headers: { "Cache-Control": "no-cache", "Content-Security-Policy": contentSecurityPolicy(await bookingScriptHash()) },
  });
}

/** Computed on first use (Workers allow no crypto at a module's top level). */
let scriptHashOnce: Promise<string> | undefined;
const bookingScriptHash = () => (scriptHashOnce ??= scriptHash(BOOKING_PAGE_SCRIPT));

/** The loader's caching, for its GET; the root middleware makes every POST's answer `no-store`. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  // The wizard state travels in hidden fields (and the URL), as in the GET steps.
  for (const key of ["profissional", "servico", "data", "horario"]) {
    const value = form.get(key);
    if (typeof value === "string") url.searchParams.set(key, value);
  }
  const input = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const fields = { name: input.name ?? "", phone: input.phone ?? "", email: input.email ?? "", notes: input.notes ?? "" };
  const fail = (field: string, message: string, status = 400) => data({ field, message, fields }, { status });
  // The bot check first; then the flood guard counts every submission from this address, on
  // this page and on all pages, in the same round trip as the page's reads. The per-phone limit
  // counts requests created, inside the claim below: a mistyped name costs the customer nothing.
  if (isBotSubmission(input)) return fail("form", INVALID_REQUEST);
  const page = await loadPage(context, request, params, url, bookingFloodGuard(clientAddress(context)));
  const { profile, service } = page;
  const date = input.data ?? "";
  const startMinute = timeToMinutes(input.horario ?? "");
  if (!service || !isIsoDate(date) || Number.isNaN(startMinute)) {
    return fail("form", "Dados incompletos para agendamento.");
  }
  if (!page.withinLimits) return fail("form", RATE_LIMIT_MESSAGE, 429);

  const now = new Date();
  const checked = validateBookingSubmission(input, { now, timeZone: profile.timeZone, date, startMinute });
  if (!checked.ok) return fail(checked.field, checked.message);
  // A time no longer offered (taken, or outside the hours) is refused before writing; the claim
  // below stays the real guard against two customers racing for one time.
  if (!page.slots.includes(minutesToTime(startMinute))) return fail("time", TAKEN, 409);
  // 'Qualquer profissional': only the member shown before 'Confirmar', or another free then at no
  // higher price and no longer duration; else the customer sees the new offer (docs/decisions/0742).
  const claimable =
    page.chosen === ANY_PROFESSIONAL ? claimableFor(service as TeamService, page.candidates, input.oferta ?? "") : [];
  if (page.chosen === ANY_PROFESSIONAL && claimable.length === 0) {
    return fail("time", page.candidates.length ? OFFER_CHANGED : TAKEN, 409);
  }

  const claimFor = (p: typeof profile, email: string, service: PublicService) => ({
    input: {
      professionalId: p.userId,
      service,
      customerName: checked.value.name,
      customerPhone: checked.value.phone,
      customerEmail: checked.value.email,
      date,
      startMinute,
      notes: checked.value.notes || null,
    },
    args: {
      autoConfirm: p.autoConfirm,
      notify: p.notifyNewRequest ? email : null,
      professional: p,
      timeZone: p.timeZone,
      expiryHours: p.requestExpiryHours,
      clientAddress: clientAddress(context),
      now,
    },
  });
  // 'Qualquer profissional': the claim picks the first of those still free when it runs
  // (docs/decisions/0681).
  const created =
    page.chosen === ANY_PROFESSIONAL
      ? await createBookingRequestWithFirstFree(
          getDb(context),
          claimable.map((c) => claimFor(c.read.read.page.profile, c.read.read.page.email, c.service)),
        )
      : await createBookingRequestWithFirstFree(getDb(context), [claimFor(profile, page.email, service)]);
  if (created === "limited") return fail("form", RATE_LIMIT_MESSAGE, 429);
  if (created === "taken") return fail("time", page.candidates.length > claimable.length ? OFFER_CHANGED : TAKEN, 409);
  // The professional's e-mail goes out after the customer has their answer.
  afterResponse(context, async () => {
    if (created.email) await deliverEmail(getDb(context), created.email);
    if (created.customerEmailKey) await deliverQueuedNow(getDb(context), [created.customerEmailKey], transportFromEnv());
  });
  // The status page says what happened ('Solicitação enviada!' and its one promise, or
  // 'Agendamento Confirmado!'): no toast repeating it in other words (docs/decisions/0723).
  return redirect(`/agendamento/reserva/${created.token}?novo=1`);
}

// ------------------------------------------------------------------ UI

function Shell({ pro, salon, children }: { pro: ReturnType<typeof useLoaderData<typeof loader>>["pro"]; salon: boolean; children: ReactNode }) {
  // The salon's page is the business's; a professional's own page is theirs.
  const name = (salon && pro.businessName) || pro.fullName || pro.businessName;
  return (
    <div
      className="min-h-screen bg-slate-50"
      style={brandTheme(pro.primaryColor, pro.secondaryColor)}
    >
      <div className="h-28 bg-gradient-to-r from-brand to-brand-2" aria-hidden />
      <main className="mx-auto -mt-20 max-w-xl px-3 pb-10">
        <header className="card flex items-center gap-4">
          <Avatar name={name} imageUrl={pro.imageUrl} size="md" />
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold">{name}</h1>
            {pro.businessName && pro.businessName !== name ? (
              <p className="truncate text-sm text-slate-600">{pro.businessName}</p>
            ) : null}
            {pro.address ? <p className="text-sm text-slate-500">{pro.address}</p> : null}
            {pro.whatsapp ? (
              <a href={pro.whatsapp} className="text-sm font-medium text-emerald-700 underline" rel="noopener">
                WhatsApp
              </a>
            ) : null}
          </div>
        </header>
        {children}
        <footer className="mt-8 text-center text-sm text-slate-500">
          <p className="font-medium text-slate-700">{pro.businessName}</p>
          {pro.instagram ? (
            <p>
              <a href={`https://instagram.com/${pro.instagram}`} className="underline" rel="noopener">
                @{pro.instagram}
              </a>
            </p>
          ) : null}
          <p className="mt-2">
            Powered by{" "}
            <a href="/" className="font-semibold text-brand">
              Agendo
            </a>
          </p>
          <LegalLinks className="mt-1 block" />
        </footer>
      </main>
    </div>
  );
}

function Steps({ step, salon }: { step: number; salon: boolean }) {
  const labels = salon ? ["Profissional", "Serviço", "Horário", "Dados"] : ["Serviço", "Horário", "Dados"];
  return (
    <ol className="mt-4 flex items-center justify-between gap-2 text-xs font-medium" aria-label="Etapas">
      {labels.map((label, i) => {
        const n = salon ? i : i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li key={label} className={`flex items-center gap-2 ${salon && state !== "current" ? "sm:flex-1" : "flex-1"}`} aria-current={state === "current" ? "step" : undefined}>
            <span
              className={`flex size-7 shrink-0 items-center justify-center rounded-full ${
                state === "todo" ? "bg-slate-200 text-slate-600" : "bg-brand text-white"
              }`}
            >
              {state === "done" ? "✓" : i + 1}
            </span>
            {/* Four steps do not fit a 360 px phone with every label: there, only the current one's. */}
            <span className={`${state === "todo" ? "text-slate-500" : "text-slate-900"} ${salon && state !== "current" ? "max-sm:sr-only" : ""}`}>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export default function Booking() {
  const page = useLoaderData<typeof loader>();
  const { pro, step, team } = page;
  return (
    <Shell pro={pro} salon={!!team}>
      <section className="card mt-4">
        <h2 className="text-xl font-bold">
          {pro.pageTitle}
        </h2>
        {pro.pageDescription ? <p className="mt-1 text-slate-600">{pro.pageDescription}</p> : null}
        {pro.welcomeMessage ? (
          <p className="mt-3 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            {pro.welcomeMessage}
          </p>
        ) : null}
        {pro.accepting || step === 0 ? <Steps step={step} salon={!!team} /> : null}
      </section>
      {step === 0 ? (
        <ProfessionalStep team={team ?? []} any={ANY_PROFESSIONAL} chosen={null} />
      ) : !pro.accepting ? (
        <section className="card mt-4 text-center">
          <p className="font-semibold">Agendamento online indisponível no momento</p>
          <p className="mt-1 text-sm text-slate-600">Entre em contato diretamente com o profissional.</p>
        </section>
      ) : step === 1 ? (
        <ServiceStep />
      ) : step === 2 ? (
        <TimeStep />
      ) : (
        <DetailsStep />
      )}
      <EnhancementScript />
    </Shell>
  );
}

/** The page's few enhancements, written into it (no framework download; see booking.enhance.ts), allowed by hash. */
function EnhancementScript() {
  return <script dangerouslySetInnerHTML={{ __html: BOOKING_PAGE_SCRIPT }} />;
}

/** A step's number in its heading: the salon's page has step 0 'Profissional' before them. */
function useStepNumber(step: 1 | 2 | 3) {
  const { team } = useLoaderData<typeof loader>();
  return team ? step + 1 : step;
}

/** The professional chosen on the salon's page, as the first part of a step's query (else ""). */
function chosenQuery(chosen: ReturnType<typeof useLoaderData<typeof loader>>["chosen"]) {
  if (!chosen) return "";
  return `profissional=${encodeURIComponent(typeof chosen === "string" ? chosen : chosen.id)}&`;
}

/** The professional chosen, kept as a hidden field of a step's form. */
function ChosenField() {
  const { chosen } = useLoaderData<typeof loader>();
  if (!chosen) return null;
  return <input type="hidden" name="profissional" value={typeof chosen === "string" ? chosen : chosen.id} />;
}

/** The salon's 'Voltar' to step 0, keeping the choice marked. */
function BackToTeam() {
  const { team } = useLoaderData<typeof loader>();
  if (!team) return null;
  return (
    <Link to="?" className="btn-link">
      Trocar profissional
    </Link>
  );
}

function ServiceStep() {
  const { services, pro, chosen, popularServiceId } = useLoaderData<typeof loader>();
  const n = useStepNumber(1);
  if (services.length === 0) {
    return (
      <section className="card mt-4 text-center">
        <p className="font-semibold">Nenhum serviço disponível</p>
        <p className="mt-1 text-sm text-slate-600">Entre em contato para mais informações</p>
        <div className="mt-2">
          <BackToTeam />
        </div>
      </section>
    );
  }
  return (
    <Form method="get" className="mt-4 space-y-3" data-choose>
      <ChosenField />
      {chosen ? (
        <div className="card flex items-center justify-between gap-2 text-sm">
          <span>
            Profissional: <strong>{typeof chosen === "string" ? "Qualquer profissional" : chosen.fullName || chosen.businessName}</strong>
          </span>
          <BackToTeam />
        </div>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold">{n}. Escolha o serviço</legend>
        {services.map((s) => (
          <label
            key={s.id}
            className="card flex cursor-pointer items-start gap-3 has-checked:border-brand has-checked:ring-2 has-checked:ring-brand/30"
          >
            <input type="radio" name="servico" value={s.id} required className="mt-1 size-4 accent-brand" />
            <span className="mt-1 size-3 shrink-0 rounded-full" style={{ background: s.color }} aria-hidden />
            <span className="flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{s.name}</span>
                {s.id === popularServiceId ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                    Popular
                  </span>
                ) : null}
              </span>
              {s.description ? <span className="mt-0.5 block text-sm text-slate-600">{s.description}</span> : null}
              <span className="mt-1 block text-sm text-slate-700">
                <ServiceFacts service={s} showPrices={pro.showPrices} />
              </span>
              {variesByProfessional(s) ? <VariesNote /> : null}
              <DepositNote service={s} />
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn-primary w-full py-3 text-base">
        Continuar
      </button>
    </Form>
  );
}

/** A service that asks for a deposit says so before the customer books it (shown whatever the price setting). */
function DepositNote({ service }: { service: { requiresDeposit: boolean; depositCents: number } }) {
  if (!service.requiresDeposit || service.depositCents <= 0) return null;
  return (
    <span className="mt-1 block text-sm font-medium text-amber-900">
      Sinal de {formatMoney(service.depositCents)} via Pix para garantir o horário
    </span>
  );
}

/** 'Qualquer profissional' before a time is chosen: the range is the members'. */
function VariesNote() {
  return (
    <span className="block text-xs text-slate-500">
      Duração e preço variam conforme o profissional. Você vê quem atende e o valor antes de confirmar.
    </span>
  );
}

function Summary() {
  const { service, date, time, pro, chosen, finalOffer } = useLoaderData<typeof loader>();
  if (!service) return null;
  // Once a time is chosen on 'Qualquer profissional', the member who takes it and their own service.
  const shown = finalOffer?.service ?? service;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="booking-summary">
      {chosen ? (
        <>
          <dt className="text-slate-500">Profissional</dt>
          <dd className="font-medium">
            {finalOffer ? (
              <>
                {finalOffer.professional.fullName || finalOffer.professional.businessName}
                <span className="block text-xs font-normal text-slate-500">quem atende neste horário</span>
              </>
            ) : typeof chosen === "string" ? (
              "Qualquer profissional"
            ) : (
              chosen.fullName || chosen.businessName
            )}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-500">Serviço</dt>
      <dd className="font-medium">
        {service.name} · <ServiceFacts service={shown} showPrices={pro.showPrices} />
        {finalOffer || !variesByProfessional(shown) ? null : <VariesNote />}
        <DepositNote service={shown} />
      </dd>
      {date ? (
        <>
          <dt className="text-slate-500">Data</dt>
          <dd className="font-medium">{formatDate(date, true)}</dd>
        </>
      ) : null}
      {time ? (
        <>
          <dt className="text-slate-500">Horário</dt>
          <dd className="font-medium">{time}</dd>
        </>
      ) : null}
    </dl>
  );
}

function TimeStep() {
  const { service, date, dateRequested, slots, today, maxDate, timeGone, closed, chosen } = useLoaderData<typeof loader>();
  const n = useStepNumber(2);
  return (
    <section className="card mt-4 space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{n}. Escolha data e horário</h3>
        <Link to={`?${chosenQuery(chosen).slice(0, -1)}`} className="btn-link">
          Voltar
        </Link>
      </div>
      <Summary />
      <TimePicker
        hidden={chosen ? { profissional: typeof chosen === "string" ? chosen : chosen.id, servico: service!.id } : { servico: service!.id }}
        date={date}
        dateRequested={dateRequested}
        today={today}
        maxDate={maxDate}
        times={slots}
        closed={closed}
        error={timeGone ? TAKEN : null}
      />
    </section>
  );
}

function DetailsStep() {
  const { service, date, time, chosen, finalOffer } = useLoaderData<typeof loader>();
  const n = useStepNumber(3);
  const actionData = useActionData<typeof action>();
  const fields = actionData?.fields;
  // The server's message beside its field (the enhancement script adds the live ones).
  const err = (field: "name" | "phone" | "email" | "notes" | "form" | "time") => (actionData?.field === field ? actionData.message : null);
  return (
    <section className="card mt-4 space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{n}. Seus dados</h3>
        <Link to={`?${chosenQuery(chosen)}servico=${service!.id}&data=${date}`} className="btn-link">
          Voltar
        </Link>
      </div>
      <Summary />
      {err("form") ? (
        <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          {err("form")}
        </p>
      ) : null}
      {err("time") ? (
        <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          <p>{err("time")}</p>
          <Link to={`?${chosenQuery(chosen)}servico=${service!.id}&data=${date}`} className="mt-1 inline-block font-semibold underline">
            Ver outros horários
          </Link>
        </div>
      ) : null}
      <Form method="post" className="space-y-4" noValidate data-live-checks>
        <ChosenField />
        <input type="hidden" name="servico" value={service!.id} />
        <input type="hidden" name="data" value={date!} />
        <input type="hidden" name="horario" value={time!} />
        {finalOffer ? <input type="hidden" name="oferta" value={finalOffer.key} /> : null}
        {/* Honeypots: invisible to people, tempting to bots. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label>
            Não preencha este campo
            <input type="text" name="website_hp" tabIndex={-1} autoComplete="off" />
          </label>
          <label>
            Site
            <input type="text" name="bot_field" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <div>
          <label htmlFor="nome" className="label">
            Nome *
          </label>
          <input
            id="nome"
            type="text"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            defaultValue={fields?.name}
            className="input"
            aria-invalid={err("name") ? true : undefined}
            aria-describedby={err("name") ? "nome-error" : undefined}
          />
          {err("name") ? (
            <p id="nome-error" className="field-error" role="alert">
              {err("name")}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="telefone" className="label">
            Telefone / WhatsApp *
          </label>
          <input
            id="telefone"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            maxLength={PHONE_INPUT_MAX_LENGTH}
            placeholder="(11) 99999-9999"
            defaultValue={fields?.phone}
            className="input"
            aria-invalid={err("phone") ? true : undefined}
            aria-describedby={err("phone") ? "telefone-error" : undefined}
          />
          {err("phone") ? (
            <p id="telefone-error" className="field-error" role="alert">
              {err("phone")}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="email" className="label">
            E-mail (opcional) — para receber a confirmação e o lembrete
          </label>
          <input
            id="email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            placeholder="nome@exemplo.com"
            defaultValue={fields?.email}
            className="input"
            aria-invalid={err("email") ? true : undefined}
            aria-describedby={err("email") ? "email-error" : undefined}
          />
          {err("email") ? (
            <p id="email-error" className="field-error" role="alert">
              {err("email")}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="observacoes" className="label">
            Observações (opcional)
          </label>
          <textarea
            id="observacoes"
            name="notes"
            rows={3}
            maxLength={NOTES_MAX_LENGTH}
            defaultValue={fields?.notes}
            className="input"
            aria-invalid={err("notes") ? true : undefined}
            aria-describedby={err("notes") ? "observacoes-error" : undefined}
          />
          {err("notes") ? (
            <p id="observacoes-error" className="field-error" role="alert">
              {err("notes")}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary w-full py-3 text-base">
          Confirmar Agendamento
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
            <h1 className="text-2xl font-bold">Profissional não encontrado</h1>
            <p className="text-slate-600">Verifique o link e tente novamente.</p>
            <a href="/" className="btn-primary mt-2">
              Conhecer o Agendo
            </a>
          </main>
        ),
      }}
    />
  );
}
