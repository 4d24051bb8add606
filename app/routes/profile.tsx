import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/profile";
import { Avatar } from "../components/avatar";
import { AtIcon, CalendarIcon, MailIcon, MapPinIcon, PhoneIcon, TrophyIcon } from "../components/dashboard/icons";
import { VariationText } from "../components/dashboard/kpi-cards";
import { requireUser } from "./workspace.server";
import { loadProfileStats } from "../domain/metrics/profile-stats.server";
import { getDb } from "../utils/db.server";
import { achievements } from "../domain/metrics/achievements";
import { variation } from "../domain/metrics/metrics";
import { monthAndYear, nowInZone } from "../domain/dates";
import { formatDuration, formatMoney, formatInteger } from "../domain/money";
import { formatPhone } from "../domain/phone";
import { planBadge } from "../domain/accounts/access";

export const meta: Route.MetaFunction = () => [{ title: "Meu Perfil — Agendo" }];

const VS = "vs mesmo período do mês passado";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const { profile } = user;
  const stats = await loadProfileStats(db, user.id, profile.timeZone);
  const badge = planBadge(user);
  const plan =
    badge === "premium"
      ? { label: "PLANO PREMIUM", tone: "premium" as const }
      : badge === "trial"
        ? { label: "PERÍODO GRÁTIS", tone: "trial" as const }
        : badge === "team"
          ? { label: "CONTA DA EQUIPE", tone: "trial" as const }
          : null;
  const { lifetime, current, previous } = stats;
  return {
    name: profile.fullName,
    businessName: profile.businessName,
    specialty: profile.specialty,
    phone: formatPhone(profile.phone),
    email: profile.email,
    instagram: profile.instagramHandle,
    location: [profile.address, profile.city].map((s) => s.trim()).filter(Boolean).join(" · "),
    imageUrl: profile.profileImageId ? `/imagens/${profile.profileImageId}` : null,
    memberSince: monthAndYear(nowInZone(profile.timeZone, stats.memberSince).date),
    plan,
    cards: [
      { key: "clients", label: "Clientes Atendidos", value: formatInteger(lifetime.clientsServed), hint: "Com atendimento concluído" },
      { key: "appointments", label: "Agendamentos Realizados", value: formatInteger(lifetime.completed), hint: "Atendimentos concluídos" },
      { key: "revenue", label: "Faturamento Total", value: formatMoney(lifetime.revenueCents), hint: "Recebido nos concluídos, sem gorjetas" },
      {
        key: "duration",
        label: "Tempo Médio",
        value: lifetime.averageMinutes === null ? "—" : formatDuration(lifetime.averageMinutes),
        hint: lifetime.averageMinutes === null ? "Nenhum atendimento concluído" : "Por atendimento concluído",
      },
    ],
    monthly: [
      {
        key: "revenue",
        label: "Faturamento",
        value: formatMoney(current.revenueCents),
        variation: variation(current.revenueCents, previous.revenueCents, VS),
      },
      {
        key: "appointments",
        label: "Agendamentos",
        value: formatInteger(current.appointments),
        variation: variation(current.appointments, previous.appointments, VS),
      },
      {
        key: "new-clients",
        label: "Novos clientes",
        value: formatInteger(current.newClients),
        variation: variation(current.newClients, previous.newClients, VS),
      },
    ],
    achievements: achievements(lifetime),
  };
}

export default function Profile() {
  const p = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-4 sm:space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Meu Perfil</h1>
        <Link to="/configuracoes/perfil" className="btn-primary">
          Editar Perfil
        </Link>
      </header>

      <IdentityCard p={p} />

      <CareerCards cards={p.cards} />

      <MonthlyCard monthly={p.monthly} />

      <AchievementsCard achievements={p.achievements} />
    </div>
  );
}

type ProfileData = Route.ComponentProps["loaderData"];

/** Photo, name, plan, business and specialty, with the contact details. */
function IdentityCard({ p }: { p: ProfileData }) {
  return (
    <section className="card flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
      <Avatar name={p.name || p.businessName} imageUrl={p.imageUrl} size="xl" alt={`Foto de ${p.name}`} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:flex-wrap">
          <h2 className="text-xl font-bold">{p.name}</h2>
          {p.plan ? (
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${
                p.plan.tone === "premium" ? "bg-amber-100 text-amber-900" : "bg-brand/10 text-brand"
              }`}
              data-testid="plan-badge"
            >
              {p.plan.label}
            </span>
          ) : null}
        </div>
        <p className="font-medium text-slate-700">{p.businessName}</p>
        <p className={p.specialty ? "text-slate-600" : "text-sm text-slate-500"}>
          {p.specialty || "Especialidade não informada"}
        </p>
        <ContactList p={p} />
      </div>
    </section>
  );
}

/** Phone, e-mail, Instagram, address and 'Membro desde', each with its icon. */
function ContactList({ p }: { p: ProfileData }) {
  return (
    <dl className="mt-3 grid gap-1 text-sm text-slate-600">
      {p.phone ? (
        <div className="flex justify-center gap-2 sm:justify-start">
          <dt className="sr-only">Telefone</dt>
          <dd className="flex items-center gap-1.5">
            <PhoneIcon /> {p.phone}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-center gap-2 sm:justify-start">
        <dt className="sr-only">E-mail</dt>
        <dd className="flex min-w-0 items-center gap-1.5 break-all">
          <MailIcon /> {p.email}
        </dd>
      </div>
      {p.instagram ? (
        <div className="flex justify-center gap-2 sm:justify-start">
          <dt className="sr-only">Instagram</dt>
          <dd className="flex items-center gap-1.5">
            <AtIcon /> {p.instagram.replace(/^@/, "")}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-center gap-2 sm:justify-start">
        <dt className="sr-only">Localização</dt>
        <dd className="flex items-center gap-1.5">
          <MapPinIcon /> {p.location || "Endereço não informado"}
        </dd>
      </div>
      <div className="flex justify-center gap-2 sm:justify-start">
        <dt className="sr-only">Cadastro</dt>
        <dd className="flex items-center gap-1.5">
          <CalendarIcon /> Membro desde {p.memberSince}
        </dd>
      </div>
    </dl>
  );
}

/** The lifetime figures: clients served, appointments, revenue and average time. */
function CareerCards({ cards }: { cards: ProfileData["cards"] }) {
  return (
    <section aria-label="Números da sua carreira" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.key} className="card min-w-0 p-3 sm:p-4" data-testid={`profile-${card.key}`}>
          <p className="text-xs font-medium text-slate-600 sm:text-sm">{card.label}</p>
          <p className="mt-1 truncate text-lg font-bold tabular-nums sm:text-2xl" data-testid="profile-value">
            {card.value}
          </p>
          <p className="text-xs text-slate-500">{card.hint}</p>
        </div>
      ))}
    </section>
  );
}

/** 'Desempenho do mês': this month so far against the same days of the last. */
function MonthlyCard({ monthly }: { monthly: ProfileData["monthly"] }) {
  return (
    <section className="card" aria-labelledby="monthly-title">
      <h2 id="monthly-title" className="font-semibold">
        Desempenho do mês
      </h2>
      <p className="text-xs text-slate-500">Do dia 1º até hoje, comparado com os mesmos dias do mês passado.</p>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        {monthly.map((m) => (
          <div key={m.key} className="min-w-0" data-testid={`monthly-${m.key}`}>
            <dt className="text-sm text-slate-600">{m.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{m.value}</dd>
            <dd>
              <VariationText variation={m.variation} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** 'Conquistas', each with its progress. */
function AchievementsCard({ achievements }: { achievements: ProfileData["achievements"] }) {
  return (
    <section className="card" aria-labelledby="achievements-title">
      <h2 id="achievements-title" className="font-semibold">
        Conquistas
      </h2>
      <ul className="mt-3 space-y-4">
        {achievements.map((a) => (
          <AchievementItem key={a.key} a={a} />
        ))}
      </ul>
    </section>
  );
}

/** One achievement: earned or in progress, with its bar. */
function AchievementItem({ a }: { a: ProfileData["achievements"][number] }) {
  return (
    <li data-testid={`achievement-${a.key}`}>
      <div className="flex items-start gap-3">
        <span
          className={`flex size-9 shrink-0 items-center justify-center rounded-full ${
            a.earned ? "bg-amber-100 text-amber-700" : "bg-slate-100 text-slate-500"
          }`}
          aria-hidden
        >
          <TrophyIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className="font-medium">{a.title}</span>
            <span className={`text-xs font-semibold ${a.earned ? "text-emerald-700" : "text-slate-500"}`}>
              {a.earned ? "Conquistada" : "Em andamento"}
            </span>
          </p>
          <p className="text-xs text-slate-500">{a.description}</p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label={a.title}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={a.progressPct}
            aria-valuetext={a.progressLabel}
          >
            <div
              className={`h-full ${a.earned ? "bg-emerald-500" : "bg-brand"}`}
              style={{ width: `${a.progressPct}%` }}
            />
          </div>
          <p className="mt-1 text-xs tabular-nums text-slate-600" data-testid="achievement-progress">
            {a.progressLabel}
          </p>
        </div>
      </div>
    </li>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
