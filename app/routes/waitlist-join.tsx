import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/waitlist-join";
import { bookingFloodGuard } from "../domain/booking-requests/creation.server";
import { deliverSoon } from "../domain/notifications/deliver-soon.server";
import { timesInPeriod } from "../domain/waitlist/periods";
import { joinWaitlist } from "../domain/waitlist/signup.server";
import { readForm } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { clientAddress } from "../utils/request-context.server";
import { INVALID_REQUEST, isBotSubmission, RATE_LIMIT_MESSAGE } from "../validation/booking";
import { PERIOD_NOT_OFFERED, validateWaitlistSignup, type WaitlistField } from "../validation/waitlist";
import { BookingShell } from "../components/booking/booking-shell";
import { BookingSummary } from "../components/booking/booking-summary";
import { chosenQuery } from "../components/booking/page-view";
import { WaitlistOffer } from "../components/booking/waitlist-offer";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { loadPage } from "./booking.server";
import { customerPageHandle } from "./shared/customer-page";

// 'Avise-me se abrir um horário' (issue 24): /agendamento/{slug}/lista-de-espera?servico=&data=.
// Step 2 of the booking page holds the form and posts here; this page shows it again beside a
// refusal (or for a link opened directly). A place taken sends the customer to their own signed
// page (routes/waitlist-status.tsx). Without JavaScript like the booking page it belongs to.

export const handle = customerPageHandle;

export const meta: Route.MetaFunction = () => [{ title: "Lista de espera — Agendo" }, { name: "robots", content: "noindex" }];

const UNAVAILABLE = "A lista de espera não está disponível para este dia. Escolha outra data.";

/** The booking page at the same service and date: where this page sends anyone it cannot serve. */
function backToTimes(url: URL, slug: string) {
  const query = new URLSearchParams();
  for (const key of ["profissional", "servico", "data"]) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  return `/agendamento/${slug}?${query}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { view } = await loadPage(context, request, params, url);
  if (!view.waitlist) throw redirect(backToTimes(url, params.slug));
  return data(view, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await readForm(request);
  for (const key of ["profissional", "servico", "data"]) {
    const value = form.get(key);
    if (typeof value === "string") url.searchParams.set(key, value);
  }
  const input = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
  const fields = { name: input.name ?? "", phone: input.phone ?? "", email: input.email ?? "", period: input.periodo ?? "" };
  const refuse = (field: WaitlistField, message: string, status = 400) => data({ field, message, fields }, { status });
  if (isBotSubmission(input)) return refuse("form", INVALID_REQUEST);
  // The booking page's flood guard counts this submission too (per address, per page and in all).
  const page = await loadPage(context, request, params, url, bookingFloodGuard(clientAddress(context)));
  const { service, date, slots } = page.view;
  if (!page.view.waitlist || !page.professional || !service || !date) return refuse("form", UNAVAILABLE);
  if (!page.withinLimits) return refuse("form", RATE_LIMIT_MESSAGE, 429);
  const now = new Date();
  const checked = validateWaitlistSignup(input, { now, timeZone: page.timeZone, date });
  if (!checked.ok) return refuse(checked.field, checked.message);
  if (!page.view.waitlistPeriods.includes(checked.value.period)) return refuse("period", PERIOD_NOT_OFFERED);
  const joined = await joinWaitlist(getDb(context), {
    professional: page.professional,
    service,
    date,
    ...checked.value,
    knownTimes: timesInPeriod(slots, checked.value.period),
    clientAddress: clientAddress(context),
    now,
  });
  if (!joined.ok) return refuse("form", RATE_LIMIT_MESSAGE, 429);
  deliverSoon(context, [joined.emailKey]);
  return redirect(`/agendamento/espera/${joined.token}?novo=1`);
}

export default function WaitlistJoin() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <BookingShell pro={page.pro} salon={!!page.team}>
      <section className="card mt-4 space-y-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-xl font-bold">Lista de espera</h2>
          <a href={`/agendamento/${page.pro.slug}?${chosenQuery(page.chosen)}servico=${page.service?.id ?? ""}&data=${page.date ?? ""}`} className="btn-link">
            Ver horários
          </a>
        </div>
        <BookingSummary page={page} />
        <WaitlistOffer page={page} answer={answer} open />
      </section>
    </BookingShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
