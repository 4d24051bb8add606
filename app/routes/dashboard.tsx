import { and, asc, eq, gte } from "drizzle-orm";
import { Link, useLoaderData } from "react-router";
import { bookingRequests } from "../../db/schema";
import { formatDate, minutesToTime, nowInZone } from "../utils/time";
import type { Route } from "./+types/dashboard";
import { BookingLinkCard } from "../components/booking-link-card";
import { trialDaysLeft } from "../utils/access";
import { requireUser } from "../utils/auth.server";
import { getDb } from "../utils/db.server";
import { setupSteps } from "../utils/setup.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const today = nowInZone(user.profile.timeZone).date;
  const [steps, pending] = await Promise.all([
    setupSteps(db, user.profile, {
      profile: "/configuracoes/perfil",
      hours: "/configuracoes/horarios",
      services: "/servicos",
      page: "/configuracoes/pagina",
    }),
    db
      .select()
      .from(bookingRequests)
      .where(
        and(
          eq(bookingRequests.professionalId, user.id),
          eq(bookingRequests.status, "pending"),
          gte(bookingRequests.date, today),
        ),
      )
      .orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute))
      .limit(4),
  ]);
  const origin = new URL(request.url).origin;
  const hour = Number(
    new Intl.DateTimeFormat("pt-BR", { hour: "numeric", hourCycle: "h23", timeZone: user.profile.timeZone }).format(
      new Date(),
    ),
  );
  return {
    greeting: greeting(hour),
    firstName: user.profile.fullName.split(/\s+/)[0] || user.profile.fullName,
    businessName: user.profile.businessName,
    onTrial: user.subscription?.status === "trial" && user.access === "subscription",
    trialDays: trialDaysLeft(user.subscription, new Date()),
    bookingUrl: user.profile.bookingSlug ? `${origin}/agendamento/${user.profile.bookingSlug}` : null,
    steps,
    pending: pending.map((r) => ({
      id: r.id,
      customerName: r.customerName,
      serviceName: r.serviceName,
      when: `${formatDate(r.date)} às ${minutesToTime(r.startMinute)}`,
    })),
  };
}

function greeting(hour: number) {
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

export default function Dashboard() {
  const { greeting, firstName, businessName, onTrial, trialDays, bookingUrl, steps, pending } =
    useLoaderData<typeof loader>();
  const done = steps.filter((s) => s.done).length;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {greeting}, {firstName}!
        </h1>
        <p className="text-slate-600">{businessName}</p>
      </header>
      {onTrial ? (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900" role="status">
          <p className="font-semibold">PERÍODO GRÁTIS</p>
          <p className="text-sm">
            {trialDays === 1
              ? "Falta 1 dia para o fim do seu período grátis."
              : `Faltam ${trialDays} dias para o fim do seu período grátis.`}
          </p>
        </div>
      ) : null}
      {pending.length > 0 ? (
        <section className="card" aria-labelledby="pending-title">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="pending-title" className="font-semibold">
              Solicitações pendentes
            </h2>
            <Link to="/solicitacoes" className="btn-link">
              Ver todas
            </Link>
          </div>
          <ul className="mt-3 divide-y divide-slate-100">
            {pending.map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span className="font-medium">{r.customerName}</span>
                <span className="text-slate-600">
                  {r.serviceName} · {r.when}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <BookingLinkCard url={bookingUrl} />
      <section className="card" aria-labelledby="first-steps-title">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="first-steps-title" className="font-semibold">
            Primeiros passos
          </h2>
          <p className="text-sm text-slate-600">
            {done} de {steps.length} concluídos
          </p>
        </div>
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={done}
          aria-label="Progresso dos primeiros passos"
        >
          <div className="h-full bg-brand" style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
        <ol className="mt-4 space-y-3">
          {steps.map((step) => (
            <li key={step.key} className="flex items-start gap-3" data-testid={`step-${step.key}`}>
              <span
                className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  step.done ? "bg-emerald-500 text-white" : "border border-slate-300 text-slate-400"
                }`}
                aria-hidden
              >
                {step.done ? "✓" : ""}
              </span>
              <div>
                <p className={`font-medium ${step.done ? "text-slate-500 line-through" : ""}`}>
                  {step.href ? <a href={step.href} className="hover:underline">{step.title}</a> : step.title}
                  <span className="sr-only">{step.done ? " (concluído)" : " (pendente)"}</span>
                </p>
                <p className="text-sm text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
