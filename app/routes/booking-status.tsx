import { data, useActionData, useLoaderData, useParams, useSearchParams } from "react-router";
import type { Route } from "./+types/booking-status";
import { brandTheme } from "../domain/brand-colours";
import { recordEmailProof } from "../domain/notifications/unrequested-email.server";
import { readForm, requireFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { useNonce } from "../utils/nonce";
import { LegalLinks } from "../components/legal-page";
import { AttendanceCard } from "../components/booking-status/attendance-card";
import { ChangeCard } from "../components/booking-status/change-card";
import { DepositCard } from "../components/booking-status/deposit-card";
import { RescheduleCard } from "../components/booking-status/reschedule-card";
import { StatusCard } from "../components/booking-status/status-card";
import { BOOKING_PAGE_SCRIPT, paymentWaitScript } from "./booking.enhance";

/** With JavaScript, a page waiting for a payment asks for its state this often (a few bytes). */
const PAYMENT_POLL_SECONDS = 5;
import { changeBooking, loadStatusPage } from "./booking-status.server";
import { customerPageHandle } from "./shared/customer-page";

// The customer's private page for one booking request (/agendamento/reserva/{token}):
// its status, .ics, WhatsApp to the professional, the Pix deposit when asked, and, until the
// professional's cut-off, 'Remarcar' (?remarcar=1, then &data=, then &horario= to confirm: each
// step a plain GET, the move a POST) and 'Cancelar'.

export {
  EXPIRED,
  NOT_CANCELLABLE,
  pendingPromise,
  RESCHEDULE_RATE_LIMITED,
  RESCHEDULE_REFUSED,
} from "../domain/booking-requests/customer-changes";

/** The customer's page is complete as HTML: no framework download (docs/decisions/0621). */
export const handle = customerPageHandle;

export const meta: Route.MetaFunction = () => [
  { title: "Seu agendamento — Agendo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = requireFound(await loadStatusPage(context, params.token, url));
  // Opened from the link of the customer's own e-mail: the address is theirs (docs/decisions/1022).
  await recordEmailProof(getDb(context), url.searchParams.get("email"));
  return data(view, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "reschedule" && intent !== "confirm") throw data(null, { status: 400 });
  return changeBooking(context, request, params.token, intent, form);
}

export default function BookingStatus() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { token } = useParams();
  const nonce = useNonce();
  const error = actionData?.error ?? null;
  return (
    <div
      className="min-h-screen bg-slate-50"
      style={brandTheme(d.colors.primary, d.colors.secondary)}
    >
      <div className="h-24 bg-gradient-to-r from-brand to-brand-2" aria-hidden />
      <main className="mx-auto -mt-16 max-w-xl space-y-4 px-3 pb-10">
        <StatusCard view={d} isNew={search.get("novo") === "1"} />

        {error ? (
          <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert" data-testid="change-error">
            <p>{error}</p>
            {(d.pastCutoff || d.movesUsedUp) && d.whatsapp ? (
              <a href={d.whatsapp} className="mt-1 inline-block font-semibold underline" target="_blank" rel="noopener">
                Falar com {d.professional} no WhatsApp
              </a>
            ) : null}
          </div>
        ) : null}

        {d.reschedule ? (
          <RescheduleCard
            view={d}
            reschedule={d.reschedule}
            refused={!!error}
            enhancement={<script nonce={nonce} dangerouslySetInnerHTML={{ __html: BOOKING_PAGE_SCRIPT }} />}
          />
        ) : null}

        {d.deposit && !d.reschedule ? <DepositCard deposit={d.deposit} bookingPath={d.bookingPath} status={d.status} /> : null}
        {d.deposit?.payBy && !d.reschedule ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: paymentWaitScript(`/agendamento/reserva/${token}/estado`, PAYMENT_POLL_SECONDS) }} /> : null}

        <AttendanceCard view={d} ask={search.get("confirmar") === "1"} />

        {d.reschedule ? null : <ChangeCard view={d} token={token ?? ""} confirming={search.get("cancelar") === "1"} refused={!!error} />}
        <footer className="text-center text-sm text-slate-600">
          <LegalLinks />
        </footer>
      </main>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
