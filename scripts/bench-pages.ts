// Pages measured by `npm run bench`; later issues add theirs here.
import { addDays, nowInZone } from "../app/domain/dates";

export const pages: { label: string; path: string }[] = [
  { label: "/dashboard", path: "/dashboard" },
  ...["hoje", "esta-semana", "este-mes", "ultimo-mes", "ultimos-3-meses", "este-ano"].map((p) => ({
    label: `/agenda?periodo=${p}`,
    path: `/agenda?periodo=${p}`,
  })),
  { label: "/clientes (first page)", path: "/clientes" },
  { label: "/clientes?q=silva (search)", path: "/clientes?q=silva" },
];

// Reports: every fixed period, a status filter over a year with the 12-month chart, and the CSV.
pages.push(
  ...["este-mes", "7d", "30d", "90d", "365d"].map((p) => ({
    label: `/relatorios?periodo=${p}`,
    path: `/relatorios?periodo=${p}`,
  })),
  { label: "/relatorios (365d, status concluído, 12 meses)", path: "/relatorios?periodo=365d&status=completed&meses=12" },
  { label: "/relatorios/exportar?periodo=30d (CSV)", path: "/relatorios/exportar?periodo=30d" },
);

// The Caixa (issue 22): today, and the last 365 days of closings with their payments.
const today = nowInZone("America/Sao_Paulo").date;
pages.push(
  { label: "/caixa (hoje)", path: "/caixa" },
  { label: "/caixa (365 dias)", path: `/caixa?periodo=customizado&de=${addDays(today, -364)}&ate=${today}` },
);

// Issue 24: Clientes' 'Hora de voltar' filter and Lembretes with its groups.
pages.push(
  { label: "/clientes?filtro=hora-de-voltar", path: "/clientes?filtro=hora-de-voltar" },
  { label: "/lembretes (with 'Hora de voltar')", path: "/lembretes" },
);
