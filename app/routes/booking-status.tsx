import { data, Form, Link, useLoaderData, useParams, useSearchParams } from "react-router";
import type { Route } from "./+types/booking-status";
import {
  cancelRequestByCustomer,
  confirmAttendanceByCustomer,
  findRequestByToken,
} from "../domain/booking-requests/booking-requests.server";
import { getDb } from "../utils/db.server";
import { formatDuration, formatMoney } from "../domain/money";
import { formatPhone } from "../domain/phone";
import { depositPix, normalizePixKey } from "../domain/booking-requests/pix";
import { formatDate, minutesToTime, nowInZone } from "../domain/dates";
import { redirectWithToast } from "../utils/toast.server";
import { customerToProfessionalMessage, whatsappLink } from "../domain/whatsapp";
import { brandTheme } from "../domain/brand-colours";
import { LegalLinks } from "../components/legal-page";

// The customer's private page for one booking request (/agendamento/reserva/{token}):
// its status, .ics, WhatsApp to the professional, the Pix deposit when asked, and cancel.

/** The customer's page is complete as HTML: no framework download (docs/decisions/0621). */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = () => [
  { title: "Seu agendamento — Agendo" },
  { name: "robots", content: "noindex" },
];

const NO_PIX_KEY = "O profissional ainda não informou uma chave Pix. Combine o pagamento do sinal pelo WhatsApp.";

const STATUS = {
  pending: { label: "Aguardando confirmação", style: "bg-amber-100 text-amber-900" },
  accepted: { label: "Confirmado", style: "bg-emerald-100 text-emerald-900" },
  declined: { label: "Recusado", style: "bg-red-100 text-red-900" },
  cancelled: { label: "Cancelado", style: "bg-slate-200 text-slate-800" },
  expired: { label: "Expirado", style: "bg-slate-200 text-slate-800" },
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb(context);
  const found = await findRequestByToken(db, params.token);
  if (!found) throw data(null, { status: 404 });
  const { request: r, profile, depositCents, appointment } = found;
  const time = minutesToTime(r.startMinute);
  const date = formatDate(r.date, true);
  const contact = profile.contactPhone || profile.phone;
  const pixKey = normalizePixKey(profile.pixKey);
  const deposit =
    depositCents > 0 && r.status !== "declined" && r.status !== "cancelled"
      ? {
          amountCents: depositCents,
          ...(pixKey
            ? depositPix({
                key: pixKey,
                name: profile.pixName || profile.businessName || profile.fullName,
                city: profile.pixCity || "BRASIL",
                amountCents: depositCents,
              })
            : { unavailable: NO_PIX_KEY }),
        }
      : null;
  const today = nowInZone(profile.timeZone);
  const upcoming = r.date > today.date || (r.date === today.date && r.startMinute > today.minute);
  return data(
    {
      status: r.status,
      customerName: r.customerName,
      customerPhone: formatPhone(r.customerPhone),
      serviceName: r.serviceName,
      duration: formatDuration(r.durationMinutes),
      date,
      time,
      price: profile.showPrices ? formatMoney(r.priceCents) : null,
      professional: profile.businessName || profile.fullName,
      bookingPath: `/agendamento/${profile.bookingSlug}`,
      whatsapp: contact
        ? whatsappLink(
            contact,
            customerToProfessionalMessage({ customerName: r.customerName, serviceName: r.serviceName, date, time }),
          )
        : null,
      canCancel: upcoming && (r.status === "pending" || r.status === "accepted"),
      // 'Confirmo presença' (the reminder's link): an upcoming appointment, once per appointment.
      attendance: r.status === "accepted" && appointment && upcoming ? (appointment.customerConfirmedAt ? "confirmed" : "open") : null,
      deposit,
      colors: { primary: profile.primaryColor, secondary: profile.secondaryColor },
    },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb(context);
  const found = await findRequestByToken(db, params.token);
  if (!found) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "confirm") throw data(null, { status: 400 });
  const today = nowInZone(found.profile.timeZone);
  const r = found.request;
  const upcoming = r.date > today.date || (r.date === today.date && r.startMinute > today.minute);
  if (intent === "confirm") {
    const ok = r.status === "accepted" && upcoming && (await confirmAttendanceByCustomer(db, r.id));
    return redirectWithToast(
      request,
      `/agendamento/reserva/${params.token}`,
      ok
        ? { type: "success", title: "Presença confirmada", description: `Obrigado! ${found.profile.businessName || found.profile.fullName} já sabe que você vem.` }
        : { type: "error", title: "Não foi possível confirmar", description: "Este agendamento não está mais ativo. Fale com o profissional." },
    );
  }
  if (!upcoming || !(await cancelRequestByCustomer(db, r.id))) {
    return redirectWithToast(request, `/agendamento/reserva/${params.token}`, {
      type: "error",
      title: "Não foi possível cancelar",
      description: "Este agendamento não pode mais ser cancelado por aqui. Fale com o profissional.",
    });
  }
  return redirectWithToast(request, `/agendamento/reserva/${params.token}`, {
    type: "success",
    title: "Agendamento cancelado",
    description: "O horário foi liberado. Você pode agendar outro quando quiser.",
  });
}

export default function BookingStatus() {
  const d = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const { token } = useParams();
  const isNew = search.get("novo") === "1";
  const confirming = search.get("cancelar") === "1";
  const askAttendance = search.get("confirmar") === "1";
  const status = STATUS[d.status];
  return (
    <div
      className="min-h-screen bg-slate-50"
      style={brandTheme(d.colors.primary, d.colors.secondary)}
    >
      <div className="h-24 bg-gradient-to-r from-brand to-brand-2" aria-hidden />
      <main className="mx-auto -mt-16 max-w-xl space-y-4 px-3 pb-10">
        <section className="card text-center">
          {isNew && d.status === "accepted" ? (
            <>
              <p className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700" aria-hidden>
                ✓
              </p>
              <h1 className="mt-2 text-2xl font-bold">Agendamento Confirmado!</h1>
              <p className="text-slate-600">Seu horário foi reservado com sucesso</p>
            </>
          ) : isNew && d.status === "pending" ? (
            <>
              <p className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-2xl text-amber-800" aria-hidden>
                ✉
              </p>
              <h1 className="mt-2 text-2xl font-bold">Solicitação enviada!</h1>
              <p className="text-slate-600">
                Seu horário fica reservado enquanto {d.professional} confirma. Você pode acompanhar por esta página.
              </p>
            </>
          ) : (
            <h1 className="text-2xl font-bold">Seu agendamento</h1>
          )}
          <p className="mt-3">
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${status.style}`} data-testid="request-status">
              {status.label}
            </span>
          </p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-slate-500">Cliente</dt>
            <dd className="font-medium">{d.customerName}</dd>
            <dt className="text-slate-500">Telefone</dt>
            <dd className="font-medium">{d.customerPhone}</dd>
            <dt className="text-slate-500">Serviço</dt>
            <dd className="font-medium">
              {d.serviceName} · {d.duration}
            </dd>
            <dt className="text-slate-500">Data</dt>
            <dd className="font-medium">{d.date}</dd>
            <dt className="text-slate-500">Horário</dt>
            <dd className="font-medium">{d.time}</dd>
            {d.price ? (
              <>
                <dt className="text-slate-500">Valor</dt>
                <dd className="font-medium">{d.price}</dd>
              </>
            ) : null}
            <dt className="text-slate-500">Profissional</dt>
            <dd className="font-medium">{d.professional}</dd>
          </dl>
          {d.status === "pending" ? (
            <p className="mt-4 text-sm text-slate-600">Você receberá uma confirmação em breve</p>
          ) : null}
          {isNew ? (
            <p className="mt-2 rounded-lg bg-sky-50 p-3 text-left text-sm text-sky-900">
              Guarde este endereço: por ele você acompanha a confirmação e pode cancelar o agendamento.
            </p>
          ) : null}
        </section>

        {d.deposit ? (
          <section className="card text-center" aria-labelledby="pix-title">
            <h2 id="pix-title" className="font-semibold">
              Sinal via Pix: {formatMoney(d.deposit.amountCents)}
            </h2>
            {"payload" in d.deposit ? (
              <>
                <p className="mt-1 text-sm text-slate-600">
                  Este serviço pede um sinal para garantir o horário. Pague pelo QR code ou pelo Pix copia e cola.
                </p>
                <div
                  className="mx-auto mt-3 w-48 [&_svg]:h-auto [&_svg]:w-full"
                  role="img"
                  aria-label="QR code do Pix"
                  dangerouslySetInnerHTML={{ __html: d.deposit.svg }}
                />
                <label htmlFor="pix-code" className="label mt-3 text-left">
                  Pix copia e cola
                </label>
                <textarea id="pix-code" readOnly rows={3} className="input font-mono text-xs" value={d.deposit.payload} />
              </>
            ) : (
              <p className="mt-1 text-sm text-slate-600" data-testid="pix-unavailable">
                Este serviço pede um sinal para garantir o horário. {d.deposit.unavailable}
              </p>
            )}
          </section>
        ) : null}

        {d.attendance === "open" ? (
          <Form
            method="post"
            className={`card space-y-3 text-center ${askAttendance ? "ring-2 ring-brand" : ""}`}
            aria-labelledby="attendance-title"
          >
            <h2 id="attendance-title" className="font-semibold">
              Você vem no dia {d.date} às {d.time}?
            </h2>
            <p className="text-sm text-slate-600">Confirme para {d.professional} saber que pode contar com você.</p>
            <button type="submit" name="intent" value="confirm" className="btn-primary w-full">
              Confirmo presença
            </button>
          </Form>
        ) : d.attendance === "confirmed" ? (
          <p className="card text-center font-medium text-emerald-800" data-testid="attendance-confirmed">
            ✓ Presença confirmada. Até lá!
          </p>
        ) : null}

        <section className="card space-y-3">
          {d.status !== "declined" && d.status !== "cancelled" ? (
            <a href={`/agendamento/reserva/${token}/ics`} className="btn-secondary w-full" download>
              Adicionar ao calendário (.ics)
            </a>
          ) : (
            // The same event as a cancellation: a calendar that holds it removes it.
            <a href={`/agendamento/reserva/${token}/ics`} className="btn-secondary w-full" download>
              Remover do calendário (.ics)
            </a>
          )}
          {d.whatsapp ? (
            <a href={d.whatsapp} className="btn-primary w-full" target="_blank" rel="noopener">
              Falar com o profissional no WhatsApp
            </a>
          ) : null}
          {d.canCancel ? (
            confirming ? (
              <Form method="post" className="rounded-lg border border-red-200 bg-red-50 p-3 text-center">
                <p className="text-sm text-red-900">Tem certeza que deseja cancelar este agendamento?</p>
                <div className="mt-3 flex justify-center gap-2">
                  <Link to="?" className="btn-secondary" replace>
                    Não, manter
                  </Link>
                  <button type="submit" name="intent" value="cancel" className="btn-danger">
                    Sim, cancelar
                  </button>
                </div>
              </Form>
            ) : (
              <Link to="?cancelar=1" className="btn-secondary w-full text-red-700" replace>
                Cancelar agendamento
              </Link>
            )
          ) : null}
          <Link to={d.bookingPath} className="btn-link block text-center">
            Fazer outro agendamento
          </Link>
        </section>
        <footer className="text-center text-sm text-slate-600">
          <LegalLinks />
        </footer>
      </main>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
