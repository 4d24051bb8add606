// Everything a professional's account holds, as CSV and JSON files in a .zip (LGPD;
// docs/decisions/0441-0442).
import { asc, eq } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import {
  appointments,
  bookingRequests,
  categories,
  clients,
  linkedAccounts,
  profiles,
  services,
  storedImages,
  subscriptions,
  users,
  workingHours,
} from "../../../db/schema";
import { STATUS_LABELS } from "../appointments/statuses";
import { csvCell, csvMoney } from "../clients/clients.server";
import type { Db } from "../../utils/db.server";
import { capitalize, minutesToTime, weekdayName } from "../dates";

type Value = string | number | boolean | null | Date | { cents: number };
type Column<T> = { key: string; label: string; get: (row: T) => Value };
type Table<T> = { name: string; file: string; columns: Column<T>[]; rows: T[] };

const money = (cents: number) => ({ cents });
const yesNo = (v: boolean) => v;

function jsonValue(v: Value): string | number | boolean | null {
  if (v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return v.cents / 100;
  return v;
}

function csvValue(v: Value): string {
  if (v === null) return "";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return csvMoney(v.cents);
  if (typeof v === "boolean") return v ? "sim" : "não";
  return String(v);
}

function toCsv<T>(table: Table<T>): string {
  const lines = [table.columns.map((c) => csvCell(c.label)).join(";")];
  for (const row of table.rows) lines.push(table.columns.map((c) => csvCell(csvValue(c.get(row)))).join(";"));
  // Excel pt-BR: UTF-8 BOM, ';' and CRLF, like the clients export (docs/decisions/0122).
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

function toJson<T>(table: Table<T>) {
  return table.rows.map((row) => Object.fromEntries(table.columns.map((c) => [c.key, jsonValue(c.get(row))])));
}

const REQUEST_STATUS = { pending: "Pendente", accepted: "Aceita", declined: "Recusada", cancelled: "Cancelada", expired: "Expirada" } as const;
const SUBSCRIPTION_STATUS = {
  trial: "Período grátis",
  active: "Ativa",
  past_due: "Pagamento pendente",
  cancelled: "Cancelada",
} as const;
const LINK_STATUS = { pending: "Pendente", active: "Ativa" } as const;
const CREATED_VIA = { dashboard: "Painel", booking_page: "Página de agendamento" } as const;

const IMAGE_EXT: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

export type AccountArchive = {
  /** Sections of dados.json, in the order of the archive. */
  data: Record<string, unknown>;
  files: Zippable;
};

/**
 * Everything the professional owns, as dados.json plus one CSV per table and their stored
 * images (docs/decisions/0442). Every query is scoped by `userId`; no password hash, session,
 * token or payment-provider id is included.
 */
export async function collectAccountData(db: Db, userId: string, now = new Date()): Promise<AccountArchive> {
  const [[user], [profile], [subscription], hours, cats, svcs, cls, appts, requests, links, images] =
    await Promise.all([
      db.select({ email: users.email, createdAt: users.createdAt, setupCompletedAt: users.setupCompletedAt, guideSeenAt: users.guideSeenAt, tutorialSteps: users.tutorialSteps }).from(users).where(eq(users.id, userId)),
      db.select().from(profiles).where(eq(profiles.userId, userId)),
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      db.select().from(workingHours).where(eq(workingHours.userId, userId)).orderBy(asc(workingHours.dayOfWeek)),
      db.select().from(categories).where(eq(categories.userId, userId)).orderBy(asc(categories.name), asc(categories.id)),
      db.select().from(services).where(eq(services.userId, userId)).orderBy(asc(services.name), asc(services.id)),
      db.select().from(clients).where(eq(clients.userId, userId)).orderBy(asc(clients.name), asc(clients.id)),
      db.select().from(appointments).where(eq(appointments.userId, userId)).orderBy(asc(appointments.date), asc(appointments.startMinute), asc(appointments.id)),
      db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, userId)).orderBy(asc(bookingRequests.date), asc(bookingRequests.startMinute), asc(bookingRequests.id)),
      db.select().from(linkedAccounts).where(eq(linkedAccounts.ownerId, userId)).orderBy(asc(linkedAccounts.createdAt)),
      db.select().from(storedImages).where(eq(storedImages.userId, userId)).orderBy(asc(storedImages.createdAt)),
    ]);
  if (!user || !profile) throw new Error("account not found");

  const categoryName = new Map(cats.map((c) => [c.id, c.name]));
  const clientName = new Map(cls.map((c) => [c.id, c.name]));
  const imagePath = (id: string, type: string) => `imagens/${id}.${IMAGE_EXT[type] ?? "bin"}`;
  const photo = images.find((i) => i.id === profile.profileImageId);

  type Profile = typeof profile;
  const profileTable: Table<Profile> = {
    name: "perfil",
    file: "perfil.csv",
    rows: [profile],
    columns: [
      { key: "id", label: "ID", get: (p) => p.userId },
      { key: "email", label: "E-mail", get: () => user.email },
      { key: "nome_completo", label: "Nome completo", get: (p) => p.fullName },
      { key: "nome_do_negocio", label: "Nome do negócio", get: (p) => p.businessName },
      { key: "telefone", label: "Telefone", get: (p) => p.phone },
      { key: "especialidade", label: "Especialidade", get: (p) => p.specialty },
      { key: "endereco", label: "Endereço", get: (p) => p.address },
      { key: "cidade", label: "Cidade", get: (p) => p.city },
      { key: "link_de_agendamento", label: "Link de agendamento", get: (p) => p.bookingSlug },
      { key: "foto", label: "Foto", get: () => (photo ? imagePath(photo.id, photo.contentType) : null) },
      { key: "conta_criada_em", label: "Conta criada em", get: () => user.createdAt },
      { key: "atualizado_em", label: "Atualizado em", get: (p) => p.updatedAt },
    ],
  };
  const settingsTable: Table<Profile> = {
    name: "configuracoes",
    file: "configuracoes.csv",
    rows: [profile],
    columns: [
      { key: "titulo_da_pagina", label: "Título da página", get: (p) => p.pageTitle },
      { key: "descricao_da_pagina", label: "Descrição da página", get: (p) => p.pageDescription },
      { key: "mensagem_de_boas_vindas", label: "Mensagem de boas-vindas", get: (p) => p.welcomeMessage },
      { key: "cor_primaria", label: "Cor primária", get: (p) => p.primaryColor },
      { key: "cor_secundaria", label: "Cor secundária", get: (p) => p.secondaryColor },
      { key: "mostrar_precos", label: "Mostrar preços", get: (p) => yesNo(p.showPrices) },
      { key: "telefone_de_contato", label: "Telefone de contato", get: (p) => p.contactPhone },
      { key: "endereco_do_negocio", label: "Endereço do negócio", get: (p) => p.businessAddress },
      { key: "instagram", label: "Instagram", get: (p) => p.instagramHandle },
      { key: "fuso_horario", label: "Fuso horário", get: (p) => p.timeZone },
      { key: "intervalo_entre_horarios_min", label: "Intervalo entre horários (min)", get: (p) => p.slotStepMinutes },
      { key: "confirmacao_automatica", label: "Confirmação automática", get: (p) => yesNo(p.autoConfirm) },
      { key: "chave_pix", label: "Chave Pix", get: (p) => p.pixKey },
      { key: "cidade_pix", label: "Cidade do Pix", get: (p) => p.pixCity },
      { key: "nome_pix", label: "Nome do recebedor Pix", get: (p) => p.pixName },
      { key: "configuracao_inicial_concluida_em", label: "Configuração inicial concluída em", get: () => user.setupCompletedAt },
      { key: "guia_visto_em", label: "Guia visto em", get: () => user.guideSeenAt },
      { key: "passos_do_tutorial", label: "Passos do tutorial", get: () => user.tutorialSteps },
    ],
  };
  const hoursTable: Table<(typeof hours)[number]> = {
    name: "horarios",
    file: "horarios.csv",
    rows: hours,
    columns: [
      { key: "dia_da_semana", label: "Dia da semana", get: (h) => capitalize(weekdayName(h.dayOfWeek)) || String(h.dayOfWeek) },
      { key: "ativo", label: "Ativo", get: (h) => yesNo(h.isActive) },
      { key: "inicio", label: "Início", get: (h) => h.startTime },
      { key: "fim", label: "Fim", get: (h) => h.endTime },
      { key: "inicio_do_intervalo", label: "Início do intervalo", get: (h) => h.breakStartTime },
      { key: "fim_do_intervalo", label: "Fim do intervalo", get: (h) => h.breakEndTime },
    ],
  };
  const categoriesTable: Table<(typeof cats)[number]> = {
    name: "categorias",
    file: "categorias.csv",
    rows: cats,
    columns: [
      { key: "id", label: "ID", get: (c) => c.id },
      { key: "nome", label: "Nome", get: (c) => c.name },
      { key: "codigo", label: "Código", get: (c) => c.slug },
      { key: "criado_em", label: "Criado em", get: (c) => c.createdAt },
    ],
  };
  const servicesTable: Table<(typeof svcs)[number]> = {
    name: "servicos",
    file: "servicos.csv",
    rows: svcs,
    columns: [
      { key: "id", label: "ID", get: (s) => s.id },
      { key: "nome", label: "Nome", get: (s) => s.name },
      { key: "descricao", label: "Descrição", get: (s) => s.description },
      { key: "categoria", label: "Categoria", get: (s) => (s.categoryId ? (categoryName.get(s.categoryId) ?? null) : null) },
      { key: "preco", label: "Preço (R$)", get: (s) => money(s.priceCents) },
      { key: "duracao_min", label: "Duração (min)", get: (s) => s.durationMinutes },
      { key: "cor", label: "Cor", get: (s) => s.color },
      { key: "ativo", label: "Ativo", get: (s) => yesNo(s.isActive) },
      { key: "exige_sinal", label: "Exige sinal", get: (s) => yesNo(s.requiresDeposit) },
      { key: "valor_do_sinal", label: "Valor do sinal (R$)", get: (s) => money(s.depositCents) },
      { key: "criado_em", label: "Criado em", get: (s) => s.createdAt },
      { key: "atualizado_em", label: "Atualizado em", get: (s) => s.updatedAt },
    ],
  };
  const clientsTable: Table<(typeof cls)[number]> = {
    name: "clientes",
    file: "clientes.csv",
    rows: cls,
    columns: [
      { key: "id", label: "ID", get: (c) => c.id },
      { key: "nome", label: "Nome", get: (c) => c.name },
      { key: "telefone", label: "Telefone", get: (c) => c.phone },
      { key: "email", label: "E-mail", get: (c) => c.email },
      { key: "endereco", label: "Endereço", get: (c) => c.address },
      { key: "data_de_nascimento", label: "Data de nascimento", get: (c) => c.birthDate },
      { key: "observacoes", label: "Observações", get: (c) => c.notes },
      { key: "criado_em", label: "Criado em", get: (c) => c.createdAt },
      { key: "atualizado_em", label: "Atualizado em", get: (c) => c.updatedAt },
    ],
  };
  const appointmentsTable: Table<(typeof appts)[number]> = {
    name: "agendamentos",
    file: "agendamentos.csv",
    rows: appts,
    columns: [
      { key: "id", label: "ID", get: (a) => a.id },
      { key: "data", label: "Data", get: (a) => a.date },
      { key: "horario", label: "Horário", get: (a) => minutesToTime(a.startMinute) },
      { key: "duracao_min", label: "Duração (min)", get: (a) => a.durationMinutes },
      { key: "cliente_id", label: "ID do cliente", get: (a) => a.clientId },
      { key: "cliente", label: "Cliente", get: (a) => (a.clientId ? (clientName.get(a.clientId) ?? null) : null) },
      { key: "servico_id", label: "ID do serviço", get: (a) => a.serviceId },
      { key: "servico", label: "Serviço", get: (a) => a.serviceName },
      { key: "valor", label: "Valor (R$)", get: (a) => money(a.priceCents) },
      { key: "status", label: "Status", get: (a) => STATUS_LABELS[a.status] },
      { key: "observacoes", label: "Observações", get: (a) => a.notes },
      { key: "observacoes_do_cliente", label: "Observações do cliente", get: (a) => a.clientNotes },
      { key: "criado_por", label: "Criado por", get: (a) => CREATED_VIA[a.createdVia] },
      { key: "solicitacao_id", label: "ID da solicitação", get: (a) => a.bookingRequestId },
      { key: "criado_em", label: "Criado em", get: (a) => a.createdAt },
      { key: "atualizado_em", label: "Atualizado em", get: (a) => a.updatedAt },
    ],
  };
  const requestsTable: Table<(typeof requests)[number]> = {
    name: "solicitacoes",
    file: "solicitacoes.csv",
    rows: requests,
    columns: [
      { key: "id", label: "ID", get: (r) => r.id },
      { key: "data", label: "Data", get: (r) => r.date },
      { key: "horario", label: "Horário", get: (r) => minutesToTime(r.startMinute) },
      { key: "duracao_min", label: "Duração (min)", get: (r) => r.durationMinutes },
      { key: "servico", label: "Serviço", get: (r) => r.serviceName },
      { key: "cliente", label: "Cliente", get: (r) => r.customerName },
      { key: "telefone", label: "Telefone", get: (r) => r.customerPhone },
      { key: "valor", label: "Valor (R$)", get: (r) => money(r.priceCents) },
      { key: "status", label: "Status", get: (r) => REQUEST_STATUS[r.status] },
      { key: "observacoes", label: "Observações", get: (r) => r.notes },
      { key: "agendamento_id", label: "ID do agendamento", get: (r) => r.appointmentId },
      { key: "criado_em", label: "Criado em", get: (r) => r.createdAt },
    ],
  };
  const linksTable: Table<(typeof links)[number]> = {
    name: "contas_vinculadas",
    file: "contas-vinculadas.csv",
    rows: links,
    columns: [
      { key: "email", label: "E-mail", get: (l) => l.linkedUserEmail },
      { key: "status", label: "Status", get: (l) => LINK_STATUS[l.status] },
      { key: "criado_em", label: "Criado em", get: (l) => l.createdAt },
    ],
  };
  const subscriptionTable: Table<NonNullable<typeof subscription>> = {
    name: "assinatura",
    file: "assinatura.csv",
    rows: subscription ? [subscription] : [],
    columns: [
      { key: "status", label: "Status", get: (s) => SUBSCRIPTION_STATUS[s.status] },
      { key: "plano", label: "Plano", get: (s) => s.planId },
      { key: "periodo", label: "Período", get: (s) => (s.billingPeriod === "yearly" ? "Anual" : s.billingPeriod === "monthly" ? "Mensal" : null) },
      { key: "inicio_do_teste", label: "Início do período grátis", get: (s) => s.trialStartDate },
      { key: "fim_do_teste", label: "Fim do período grátis", get: (s) => s.trialEndDate },
      { key: "fim_da_assinatura", label: "Fim do período pago", get: (s) => s.subscriptionEndDate },
      { key: "preco_mensal", label: "Preço mensal (R$)", get: (s) => money(s.priceMonthlyCents) },
      { key: "criado_em", label: "Criado em", get: (s) => s.createdAt },
    ],
  };

  const single = [profileTable, settingsTable, subscriptionTable];
  const lists = [hoursTable, categoriesTable, servicesTable, clientsTable, appointmentsTable, requestsTable, linksTable];
  const data: Record<string, unknown> = { exportado_em: now.toISOString(), formato: 1 };
  for (const t of [profileTable, settingsTable]) data[t.name] = toJson(t)[0] ?? null;
  for (const t of lists) data[t.name] = toJson(t as Table<unknown>);
  data[subscriptionTable.name] = toJson(subscriptionTable)[0] ?? null;

  const files: Zippable = {
    "LEIA-ME.txt": strToU8(readme(now)),
    "dados.json": strToU8(JSON.stringify(data, null, 2)),
  };
  for (const t of [...single, ...lists]) files[t.file] = strToU8(toCsv(t as Table<unknown>));
  for (const image of images) files[imagePath(image.id, image.contentType)] = new Uint8Array(image.data);
  return { data, files };
}

function readme(now: Date) {
  return [
    "Seus dados no Agendo",
    `Exportado em ${now.toISOString()} (UTC).`,
    "",
    "dados.json: todos os dados em um único arquivo JSON.",
    "Arquivos .csv: uma tabela por tipo de dado, para abrir no Excel ou no Google Planilhas",
    "(UTF-8, separador ';', valores em reais com vírgula decimal).",
    "imagens/: as imagens que você enviou (foto de perfil).",
    "",
    "Datas e horas de registro estão em UTC (ISO 8601). Datas e horários de agendamentos",
    "estão no seu fuso horário.",
    "",
  ].join("\r\n");
}

/** The archive as .zip bytes (fflate runs on Node and Workers alike). */
export async function accountArchiveZip(db: Db, userId: string, now = new Date()) {
  const { files } = await collectAccountData(db, userId, now);
  return zipSync(files, { level: 6, mtime: now });
}
