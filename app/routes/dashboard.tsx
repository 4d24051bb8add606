import { pendingRequests } from "../domain/booking-requests/booking-requests.server";
import { data, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard";
import { BookingLinkCard } from "../components/booking-link-card";
import { FirstStepsCard } from "../components/dashboard/first-steps-card";
import { InsightsCarousel } from "../components/dashboard/insights-carousel";
import { KpiCards } from "../components/dashboard/kpi-cards";
import { LinkedBanner } from "../components/dashboard/linked-banner";
import { MonthlySummary } from "../components/dashboard/monthly-summary";
import { RecentAppointments } from "../components/dashboard/recent-appointments";
import { WeekBirthdays } from "../components/dashboard/week-birthdays";
import { weekBirthdays } from "../domain/clients/birthdays";
import { SetupWizard } from "../components/dashboard/setup-wizard";
import { useGuideTiming, WelcomeGuideSlot } from "../components/dashboard/welcome-guide";
import { trialDaysLeft } from "../domain/billing/subscription-rules";
import { requireUser } from "./workspace.server";
import { dashboardReads } from "../domain/metrics/dashboard.server";
import { markGuideSeen, markSetupCompleted } from "../domain/metrics/onboarding.server";
import { getDb, ReadBatch } from "../utils/db.server";
import { appUrl } from "../utils/env.server";
import { buildInsights, showGuide, showInsights } from "../domain/metrics/insights";
import { dashboardKpis, dayLabel, monthlySummary } from "../domain/metrics/dashboard-figures";
import { setupStepsReads } from "../domain/accounts/setup-steps.server";
import { addDays, formatDate, minutesToTime, monthName, nowInZone } from "../domain/dates";
import { firstName } from "../domain/names";
import { tomorrowsReminderCounts } from "../domain/notifications/reminder-list.server";
import { RemindersCard } from "../components/dashboard/reminders-card";
import { ComebackCard } from "../components/dashboard/comeback-card";
import { comebackCountQuery } from "../domain/clients/comeback.server";
import { DashboardInstallCard } from "../components/notifications/install-card";
import { redirectWithToast } from "../utils/toast.server";
import { readForm } from "../utils/actions.server";
import { FiguresSwitch } from "../components/figures-switch";
import { rememberFigures, resolveFigures } from "./shared/figures.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Agendo" }];

/** 'Meu' or 'Salão' chosen in the address is remembered on this device (docs/decisions/1050). */
export const middleware: Route.MiddlewareFunction[] = [rememberFigures];

const STEP_LINKS = {
  profile: "/configuracoes/perfil",
  hours: "/configuracoes/horarios",
  services: "/servicos",
  page: "/configuracoes/pagina",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const now = new Date();
  const url = new URL(request.url);
  const today = nowInZone(user.profile.timeZone, now).date;
  const figures = await resolveFigures(request, user);
  // The page's reads in one round trip.
  const reads = new ReadBatch();
  const dashboard = dashboardReads(reads, db, user, now, figures.scope);
  const setup = setupStepsReads(reads, db, user.profile, STEP_LINKS);
  const waiting = reads.add(pendingRequests(db, user.id, today, 4));
  const reminding = reads.add(tomorrowsReminderCounts(db, user.id, addDays(today, 1)));
  const comingBack = reads.add(comebackCountQuery(db, user.id, today, now));
  await reads.run(db);
  const [d, steps, pending, [reminders], [comeback]] = [dashboard(), setup(), waiting(), reminding(), comingBack()];
  const stepDone = (key: string) => steps.some((s) => s.key === key && s.done);
  const setupCompleted = !!d.flags.setupCompletedAt;
  const gate = {
    fullName: user.profile.fullName,
    businessName: user.profile.businessName,
    hasActiveDay: stepDone("hours"),
    hasService: stepDone("services"),
    allStepsDone: steps.every((s) => s.done),
  };
  const insightsOn = showInsights({ ...gate, setupCompleted });
  const hour = Number(
    new Intl.DateTimeFormat("pt-BR", { hour: "numeric", hourCycle: "h23", timeZone: user.profile.timeZone }).format(now),
  );
  return {
    greeting: greeting(hour),
    firstName: firstName(user.profile.fullName) || user.profile.fullName,
    businessName: user.profile.businessName,
    linkedOwner: d.linkedOwner?.businessName || d.linkedOwner?.fullName || null,
    onTrial: user.subscription?.status === "trial" && user.access === "subscription",
    trialDays: trialDaysLeft(user.subscription, now),
    bookingUrl: user.profile.bookingSlug ? `${appUrl()}/agendamento/${user.profile.bookingSlug}` : null,
    // The cards and the summary: hers, or the salon's when she chose it (the tips stay hers).
    figures: figures.view,
    kpis: dashboardKpis(d.shown.totals, d.shown.clientTotals),
    summary: monthlySummary(d.shown.totals, d.shown.month, d.clock.daysElapsed),
    monthLabel: monthName(Number(d.clock.today.slice(5, 7))),
    recent: d.recent.map((a) => ({
      id: a.id,
      dayLabel: dayLabel(a.date, d.clock.today),
      time: minutesToTime(a.startMinute),
      clientName: a.clientName ?? "Cliente não encontrado",
      serviceName: a.serviceName || "Serviço não encontrado",
      status: a.status,
    })),
    steps,
    /** Ready to finish: a name, a business, a working day and a service (what the tips need besides the flag). */
    ready: showInsights({ ...gate, setupCompleted: true }),
    insights: insightsOn
      ? buildInsights({
          today: d.clock.today,
          now,
          clientCount: d.clientTotals.total,
          clients: d.clientFigures,
          lastCreatedAt: d.lastCreatedAt,
          current: d.totals.current,
          previous: d.totals.previous,
          weekdayRevenueCents: d.weekdayRevenueCents,
          topService: d.topService,
        })
      : null,
    guide: showGuide(d.flags, insightsOn),
    wizardOpen: url.searchParams.has("assistente"),
    reminders: reminders && reminders.total > 0 ? { total: reminders.total, toRemind: Number(reminders.toRemind) } : null,
    comeback: comeback?.n ?? 0,
    birthdays: weekBirthdays(d.birthdays, d.clock.today, user.profile.businessName || user.profile.fullName),
    pending: pending.map((r) => ({
      id: r.id,
      customerName: r.customerName,
      serviceName: r.serviceName,
      when: `${formatDate(r.date)} às ${minutesToTime(r.startMinute)}`,
    })),
  };
}

/** The overlays' flags, stored per user so they follow the professional across devices. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const intent = (await readForm(request)).get("intent");
  switch (intent) {
    case "setup-later":
      await markSetupCompleted(db, user.id);
      return redirectWithToast(request, "/dashboard", {
        type: "info",
        title: "Configuração adiada",
        description: "Você pode continuar quando quiser pelo cartão Primeiros passos.",
      });
    case "setup-finish":
      await markSetupCompleted(db, user.id);
      return redirectWithToast(request, "/dashboard", {
        type: "success",
        title: "Configuração concluída!",
        description: "Agora o dashboard mostra dicas calculadas a partir dos seus dados.",
      });
    case "guide-seen":
      await markGuideSeen(db, user.id);
      return redirect("/dashboard");
    default:
      throw data(null, { status: 400 });
  }
}

function greeting(hour: number) {
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

export default function Dashboard() {
  const d = useLoaderData<typeof loader>();
  const guideActive = d.guide && !d.wizardOpen;
  const timing = useGuideTiming(guideActive);
  return (
    <div className="mx-auto max-w-5xl space-y-4 sm:space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">
            {d.greeting}, {d.firstName}!
          </h1>
          <p className="truncate text-slate-600">{d.businessName}</p>
        </div>
        <nav aria-label="Atalhos do dashboard" className="flex gap-3 text-sm">
          <Link to="/perfil" className="btn-link">
            Meu Perfil
          </Link>
          <Link to="/tutorial" className="btn-link">
            Tutorial
          </Link>
        </nav>
      </header>

      {d.linkedOwner ? <LinkedBanner ownerBusinessName={d.linkedOwner} /> : null}

      {d.onTrial ? (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900" role="status">
          <p className="font-semibold">PERÍODO GRÁTIS</p>
          <p className="text-sm">
            {d.trialDays === 1
              ? "Falta 1 dia para o fim do seu período grátis."
              : `Faltam ${d.trialDays} dias para o fim do seu período grátis.`}
          </p>
        </div>
      ) : null}

      {d.wizardOpen ? <SetupWizard steps={d.steps} ready={d.ready} /> : null}

      {d.figures ? <FiguresSwitch view={d.figures} /> : null}

      <KpiCards kpis={d.kpis} />

      <DashboardInstallCard />

      {d.reminders ? <RemindersCard total={d.reminders.total} toRemind={d.reminders.toRemind} /> : null}

      {d.comeback > 0 ? <ComebackCard count={d.comeback} /> : null}

      {d.pending.length > 0 ? <PendingRequests pending={d.pending} /> : null}

      {d.insights ? (
        <InsightsCarousel insights={d.insights} />
      ) : (
        <FirstStepsCard
          steps={d.steps}
          highlight={timing.highlight}
          guide={guideActive ? <WelcomeGuideSlot firstName={d.firstName} floating={timing.floating} /> : null}
        />
      )}

      <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-2">
        <RecentAppointments items={d.recent} />
        <BookingLinkCard url={d.bookingUrl} />
      </div>

      {d.birthdays.length > 0 ? <WeekBirthdays items={d.birthdays} /> : null}

      <MonthlySummary summary={d.summary} monthLabel={d.figures?.choice === "salao" ? `${d.monthLabel} no salão` : d.monthLabel} />
    </div>
  );
}

/** 'Solicitações pendentes': who asked for what and when, with 'Ver todas'. */
function PendingRequests({ pending }: { pending: ReturnType<typeof useLoaderData<typeof loader>>["pending"] }) {
  return (
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
  );
}
