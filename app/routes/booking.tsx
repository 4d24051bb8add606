import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/booking";
import { bookingFloodGuard } from "../domain/booking-requests/creation.server";
import { ANY_PROFESSIONAL } from "../domain/booking-page/team-page";
import { readForm } from "../utils/actions.server";
import { clientAddress } from "../utils/request-context.server";
import { INVALID_REQUEST, isBotSubmission } from "../validation/booking";
import { BookingShell } from "../components/booking/booking-shell";
import { DetailsStep } from "../components/booking/details-step";
import { ProfessionalStep } from "../components/booking/professional-step";
import { ServiceStep } from "../components/booking/service-step";
import { Steps } from "../components/booking/steps";
import { TimeStep } from "../components/booking/time-step";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { contentSecurityPolicy, scriptHash } from "../utils/security.server";
import { firstStepSlug, firstStepVersionContext } from "./booking.cache.server";
import { claimTime, loadPage } from "./booking.server";
import { BOOKING_PAGE_SCRIPT } from "./booking.enhance";
import { customerPageHandle } from "./shared/customer-page";

// The public booking page: /agendamento/{slug}, /{slug} and /{professionalId}.
// Without JavaScript every step is a plain GET/POST page whose state lives in the URL
// (?servico=&data=&horario=); with it, the same forms navigate without full reloads.

export { OFFER_CHANGED, TAKEN } from "../validation/booking";

/** The customer's phone downloads no framework: the page is whole as HTML (docs/decisions/0621). */
export const handle = customerPageHandle;

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [{ title: "Profissional não encontrado — Agendo" }];
  const name = d.pro.businessName || d.pro.fullName;
  return [
    { title: `${d.pro.pageTitle} — ${name}` },
    { name: "description", content: d.pro.pageDescription || `Agende seu horário com ${name}.` },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { view, version } = await loadPage(context, request, params, new URL(request.url));
  // A first step any visitor gets alike is kept by the server entry under this version. Not the
  // salon's: who is on it follows the members' own settings, outside this page's version.
  if (view.step === 1 && !view.team && firstStepSlug(request)) context.set(firstStepVersionContext, version);
  // No shared cache keeps this page: the server keeps the professional's data (and the first
  // step) itself, per page version (docs/decisions/0620), and slots are read live. Its one inline
  // script is allowed by hash, so the same HTML can go to every visitor.
  // Someone's name and phone filled in (a waiting-list offer's link): kept by no cache, and the
  // link's token sent to no other site.
  const personal: Record<string, string> = view.prefill ? { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } : { "Cache-Control": "no-cache" };
  return data(view, {
    headers: { ...personal, "Content-Security-Policy": contentSecurityPolicy(await bookingScriptHash()) },
  });
}

/** Computed on first use (Workers allow no crypto at a module's top level). */
let scriptHashOnce: Promise<string> | undefined;
const bookingScriptHash = () => (scriptHashOnce ??= scriptHash(BOOKING_PAGE_SCRIPT));

/** The loader's caching, for its GET; the root middleware makes every POST's answer `no-store`. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await readForm(request);
  // The wizard state travels in hidden fields (and the URL), as in the GET steps.
  for (const key of ["profissional", "servico", "data", "horario"]) {
    const value = form.get(key);
    if (typeof value === "string") url.searchParams.set(key, value);
  }
  const input = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const fields = { name: input.name ?? "", phone: input.phone ?? "", email: input.email ?? "", notes: input.notes ?? "" };
  // The bot check first; then the flood guard counts every submission from this address, on
  // this page and on all pages, in the same round trip as the page's reads. The per-phone limit
  // counts requests created, inside the claim: a mistyped name costs the customer nothing.
  if (isBotSubmission(input)) return data({ field: "form" as const, message: INVALID_REQUEST, fields }, { status: 400 });
  const page = await loadPage(context, request, params, url, bookingFloodGuard(clientAddress(context)));
  const claimed = await claimTime(context, page, input);
  if (!claimed.ok) return data({ field: claimed.field, message: claimed.message, fields }, { status: claimed.status });
  // The status page says what happened ('Solicitação enviada!' and its one promise, or
  // 'Agendamento Confirmado!'): no toast repeating it in other words.
  return redirect(`/agendamento/reserva/${claimed.token}?novo=1`);
}

export default function Booking() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { pro, step, team } = page;
  return (
    <BookingShell pro={pro} salon={!!team}>
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
        <ServiceStep page={page} />
      ) : step === 2 ? (
        <TimeStep page={page} />
      ) : (
        <DetailsStep page={page} answer={answer} />
      )}
      {/* The page's few enhancements, written into it (no framework download; see booking.enhance.ts), allowed by hash. */}
      <script dangerouslySetInnerHTML={{ __html: BOOKING_PAGE_SCRIPT }} />
    </BookingShell>
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
