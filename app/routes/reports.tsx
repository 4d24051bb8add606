import { Link, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/reports";
import { AtRiskClients, VipClients } from "../components/reports/client-lists";
import { Efficiency } from "../components/reports/efficiency";
import { KpiCards } from "../components/reports/kpi-cards";
import { ReportFilter } from "../components/reports/report-filter";
import { RevenueChart } from "../components/reports/revenue-chart";
import { TopServices } from "../components/reports/top-services";
import { WeekdayPerformance } from "../components/reports/weekday-performance";
import type { ReportParams } from "../components/reports/types";
import { Alert } from "../components/forms";
import { requireUser } from "./workspace.server";
import { getDb } from "../utils/db.server";
import { REPORT_PERIODS, type ChartMonths } from "../domain/metrics/metrics";
import { VIP_SPENT_ABOVE_CENTS } from "../domain/clients/client-types";
import { formatMoney } from "../domain/money";
import { loadReport } from "../domain/metrics/reports.server";
import { formatDate, nowInZone, type DateRange } from "../domain/dates";
import { STATUS_LABELS } from "../domain/appointments/statuses";
import { memberFigures, teamFigures } from "../domain/team/team-report.server";
import { readReportParams } from "../domain/metrics/report-params";
import { FIGURES_PARAM } from "../domain/salon";
import { FiguresSwitch } from "../components/figures-switch";
import { rememberFigures, resolveFigures } from "./shared/figures.server";
import { TeamFigures, TeamRowFigures } from "../components/reports/team-figures";
import { ReportSection } from "../components/reports/section";
import { ComebackFigures } from "../components/reports/comeback-figures";

export const meta: Route.MetaFunction = () => [{ title: "Relatórios e Análises — Agendo" }];

/** 'Meu' or 'Salão' chosen in the address is remembered on this device (docs/decisions/1050). */
export const middleware: Route.MiddlewareFunction[] = [rememberFigures];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const url = new URL(request.url);
  const figures = await resolveFigures(request, user);
  // The period is the address's, the same the report reads: the team's figures go out beside it.
  const range = readReportParams(url, nowInZone(user.profile.timeZone).date, null).period.range;
  const [page, team, own] = await Promise.all([
    loadReport(db, user, url, new Date(), figures.scope),
    // The salon's figures, for an owner with active members (a member has no team of their own).
    range && user.teamMembers > 0 ? teamFigures(db, user.id, range) : null,
    // A member sees their own line of the salon's figures, never the others'.
    range && user.linkedOwnerId ? memberFigures(db, { id: user.id, profile: user.profile, linkedOwnerId: user.linkedOwnerId }, range) : null,
  ]);
  return { ...page, team: page.report ? team : null, own: page.report ? own : null, figures: figures.view };
}

/** The filter as a query string: only what differs from the defaults, so URLs stay short; 'Meu' or 'Salão' as shown. */
function filterQuery(params: ReportParams, months: ChartMonths = params.months, choice: string | null = null) {
  const q = new URLSearchParams();
  if (choice) q.set(FIGURES_PARAM, choice);
  const { period } = params;
  if (period.period !== "este-mes") q.set("periodo", period.period);
  if (period.period === "customizado") {
    q.set("de", period.de);
    q.set("ate", period.ate);
  }
  if (params.service !== "todos") q.set("servico", params.service);
  if (params.status !== "todos") q.set("status", params.status);
  if (months !== 6) q.set("meses", String(months));
  const text = q.toString();
  return text ? `?${text}` : "";
}

function rangeText(range: DateRange) {
  return range.from === range.to
    ? formatDate(range.from, true)
    : `${formatDate(range.from, true)} a ${formatDate(range.to, true)}`;
}

export default function Reports() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { params, report, services, figures } = data;
  const choice = figures?.choice ?? null;
  const salon = choice === "salao";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/relatorios";
  const periodLabel = REPORT_PERIODS.find((p) => p.value === params.period.period)?.label ?? "";
  const serviceName = services.find((s) => s.id === params.service)?.name;
  return (
    <div className="mx-auto max-w-6xl space-y-4 sm:space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Relatórios e Análises</h1>
          <p className="text-slate-600">{salon ? "Acompanhe o desempenho do salão" : "Acompanhe o desempenho do seu negócio"}</p>
        </div>
        {report ? (
          <a href={`/relatorios/exportar${filterQuery(params, params.months, choice)}`} download className="btn-secondary">
            <span aria-hidden>⤓</span> Exportar CSV
          </a>
        ) : null}
      </header>

      {/* Remounted on each navigation so the fields show the filter in the URL. */}
      {figures ? <FiguresSwitch view={figures} /> : null}

      <ReportFilter key={filterQuery(params)} params={params} services={services} figures={choice ? { name: FIGURES_PARAM, value: choice } : null} />

      {params.notice ? <Alert tone="info" title={params.notice} /> : null}

      <p className="sr-only" role="status">
        {loading ? "Carregando relatórios..." : ""}
      </p>

      {!report ? (
        <Alert tone="info" title="Período inválido" text="Corrija as datas nos filtros e toque em Aplicar." />
      ) : (
        <div className={`space-y-4 sm:space-y-5 ${loading ? "opacity-60 transition-opacity" : ""}`}>
          <p className="text-sm text-slate-600" data-testid="report-period">
            <strong className="font-semibold text-slate-800">{periodLabel}</strong>: {rangeText(report.range)}
            {" · comparado com "}
            {rangeText(report.previous)}
            {serviceName ? ` · Serviço: ${serviceName}` : ""}
            {params.status !== "todos" ? ` · Status: ${STATUS_LABELS[params.status]}` : ""}
          </p>

          {!data.hasAny ? (
            <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" role="status">
              <p className="font-semibold">Ainda não há agendamentos para analisar.</p>
              <p className="mt-0.5">
                Os números aparecem aqui assim que você registrar atendimentos.{" "}
                <Link to="/agenda?novo=1" className="btn-link">
                  Criar agendamento
                </Link>
              </p>
            </div>
          ) : null}

          <KpiCards kpis={report.kpis} params={params} />

          {data.team ? <TeamFigures team={data.team} exportHref={`/relatorios/equipe/exportar${filterQuery(params)}`} /> : null}
          {data.own ? (
            <ReportSection id="sua-comissao" title="Sua comissão no salão" definition="O que o salão registrou dos seus atendimentos no período, pela regra de comissão que a pessoa responsável pela equipe definiu.">
              <div data-testid="own-commission">
                <TeamRowFigures row={data.own} />
              </div>
            </ReportSection>
          ) : null}

          <div className="grid gap-4 sm:gap-5 lg:grid-cols-2">
            <RevenueChart
              chart={report.chart}
              months={params.months}
              hrefFor={(months) => `/relatorios${filterQuery(params, months, choice)}#evolucao`}
            />
            <WeekdayPerformance weekdays={report.weekdays} />
            <TopServices services={report.topServices} />
            {/* The lists that name clients stay hers on the salon's page (docs/decisions/1050). */}
            <VipClients clients={report.vip} yours={salon} />
            <AtRiskClients atRisk={report.atRisk} yours={salon} />
            <ComebackFigures comeback={report.comeback} yours={salon} />
            <Efficiency efficiency={report.efficiency} />
          </div>

          <Definitions salon={figures !== null} />
        </div>
      )}
    </div>
  );
}

/** Every figure's definition in one place (also under each card's title); 'Meu' and 'Salão' where the choice is offered. */
function Definitions({ salon }: { salon: boolean }) {
  return (
    <details className="card p-0 text-sm">
      <summary className="cursor-pointer px-4 py-3 font-semibold">Como calculamos cada número</summary>
      <dl className="space-y-2 border-t border-slate-200 p-4 text-slate-700">
        {salon ? (
          <div>
            <dt className="font-medium">Meu e Salão</dt>
            <dd>
              Meu: só os seus atendimentos. Salão: os seus e os de cada profissional ativo da equipe, com as mesmas contas (é o
              total de Equipe). As listas com nomes de clientes (VIP e em risco) e a Hora de voltar mostram só os seus clientes: a
              carteira de cada profissional é particular.
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium">Receita total</dt>
          <dd>
            O que foi recebido nos atendimentos concluídos do período, sem gorjetas (as gorjetas são do profissional e
            aparecem à parte); um atendimento concluído sem fechamento conta pelo preço de tabela. Média diária: receita ÷
            dias do período já passados (hoje incluído).
          </dd>
        </div>
        <div>
          <dt className="font-medium">Total de agendamentos</dt>
          <dd>Agendamentos com data no período, sem os cancelados (ou somente os do status escolhido no filtro).</dd>
        </div>
        <div>
          <dt className="font-medium">Clientes únicos</dt>
          <dd>Clientes diferentes com ao menos um desses agendamentos.</dd>
        </div>
        <div>
          <dt className="font-medium">Ticket médio</dt>
          <dd>Receita ÷ número de atendimentos concluídos.</dd>
        </div>
        <div>
          <dt className="font-medium">% vs período anterior</dt>
          <dd>
            Comparação com o período anterior de mesma duração (para “Este mês”, os mesmos dias do mês passado), com os
            mesmos filtros. Sem números no período anterior, dizemos que não há dados.
          </dd>
        </div>
        <div>
          <dt className="font-medium">Clientes VIP e em risco</dt>
          <dd>
            VIP: clientes com o selo VIP (mais de {formatMoney(VIP_SPENT_ABOVE_CENTS)} em atendimentos concluídos, o
            mesmo selo da tela Clientes), os 4 que mais gastaram no período primeiro. Em risco: última visita (atendimento concluído) há
            mais de 30 dias e nada marcado, as mais antigas primeiro.
          </dd>
        </div>
        <div>
          <dt className="font-medium">Eficiência</dt>
          <dd>
            Ocupação: minutos agendados ÷ minutos de trabalho do período. Tempo médio: duração média dos atendimentos
            concluídos. Recorrentes: dos clientes atendidos no período, os que têm mais de uma visita até o fim dele
            (duas no período, ou uma depois de outra anterior); é a mesma conta do dashboard.
          </dd>
        </div>
      </dl>
    </details>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
