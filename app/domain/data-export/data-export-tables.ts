// The tables of the account export: each one's name in dados.json, its CSV file and its
// columns, labelled in pt-BR, for one kind of row the professional owns.
import type * as schema from "../../../db/schema";
import { STATUS_LABELS } from "../appointments/statuses";
import { capitalize, minutesToTime, weekdayName } from "../dates";
import { DEPOSIT_METHOD_LABELS } from "../deposits/deposits";
import { CLOSING_STATUS_LABELS } from "../cash/history";

export type Value = string | number | boolean | null | Date | { cents: number };
type Column<T> = { key: string; label: string; get: (row: T) => Value };
export type Table<T> = { name: string; file: string; columns: Column<T>[]; rows: T[] };

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];
type Profile = Row<typeof schema.profiles>;
/** What the export shows of the sign-in record. */
export type AccountUser = Pick<Row<typeof schema.users>, "email" | "createdAt" | "setupCompletedAt" | "guideSeenAt" | "tutorialSteps">;

const money = (cents: number) => ({ cents });
const yesNo = (v: boolean) => v;

const CANCELLED_BY = { professional: "Profissional", customer: "Cliente" } as const;
const REQUEST_STATUS = { pending: "Pendente", accepted: "Aceita", declined: "Recusada", cancelled: "Cancelada", expired: "Expirada" } as const;
const SUBSCRIPTION_STATUS = {
  trial: "Período grátis",
  active: "Ativa",
  past_due: "Pagamento pendente",
  cancelled: "Cancelada",
} as const;
const LINK_STATUS = { pending: "Pendente", active: "Ativa" } as const;
const PROVIDER_NAMES = { mercadopago: "Mercado Pago" } as const;
const CREATED_VIA = { dashboard: "Painel", booking_page: "Página de agendamento" } as const;

export function profileTable(profile: Profile, user: AccountUser, photo: string | null): Table<Profile> {
  return {
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
      { key: "foto", label: "Foto", get: () => photo },
      { key: "conta_criada_em", label: "Conta criada em", get: () => user.createdAt },
      { key: "atualizado_em", label: "Atualizado em", get: (p) => p.updatedAt },
    ],
  };
}

export function settingsTable(profile: Profile, user: AccountUser): Table<Profile> {
  return {
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
}

export function hoursTable(hours: Row<typeof schema.workingHours>[]): Table<Row<typeof schema.workingHours>> {
  return {
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
}

export function categoriesTable(cats: Row<typeof schema.categories>[]): Table<Row<typeof schema.categories>> {
  return {
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
}

export function servicesTable(svcs: Row<typeof schema.services>[], categoryName: Map<string, string>): Table<Row<typeof schema.services>> {
  return {
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
}

export function clientsTable(cls: Row<typeof schema.clients>[]): Table<Row<typeof schema.clients>> {
  return {
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
}

export function appointmentsTable(appts: Row<typeof schema.appointments>[], clientName: Map<string, string>): Table<Row<typeof schema.appointments>> {
  return {
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
      { key: "cancelado_por", label: "Cancelado por", get: (a) => (a.cancelledBy ? CANCELLED_BY[a.cancelledBy] : null) },
      { key: "motivo_do_cancelamento", label: "Motivo do cancelamento", get: (a) => a.cancelReason || null },
      { key: "observacoes", label: "Observações", get: (a) => a.notes },
      { key: "observacoes_do_cliente", label: "Observações do cliente", get: (a) => a.clientNotes },
      { key: "criado_por", label: "Criado por", get: (a) => CREATED_VIA[a.createdVia] },
      { key: "solicitacao_id", label: "ID da solicitação", get: (a) => a.bookingRequestId },
      { key: "criado_em", label: "Criado em", get: (a) => a.createdAt },
      { key: "atualizado_em", label: "Atualizado em", get: (a) => a.updatedAt },
    ],
  };
}

export function requestsTable(requests: Row<typeof schema.bookingRequests>[]): Table<Row<typeof schema.bookingRequests>> {
  return {
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
      { key: "sinal", label: "Sinal (R$)", get: (r) => money(r.depositCents) },
      { key: "sinal_recebido_em", label: "Sinal recebido em", get: (r) => r.depositReceivedAt },
      { key: "sinal_forma", label: "Forma do sinal", get: (r) => (r.depositMethod ? DEPOSIT_METHOD_LABELS[r.depositMethod] : "") },
      { key: "sinal_devolvido_em", label: "Sinal devolvido em", get: (r) => r.depositRefundedAt },
      { key: "criado_em", label: "Criado em", get: (r) => r.createdAt },
    ],
  };
}

export function linksTable(links: Row<typeof schema.linkedAccounts>[]): Table<Row<typeof schema.linkedAccounts>> {
  return {
    name: "contas_vinculadas",
    file: "contas-vinculadas.csv",
    rows: links,
    columns: [
      { key: "email", label: "E-mail", get: (l) => l.linkedUserEmail },
      { key: "status", label: "Status", get: (l) => LINK_STATUS[l.status] },
      { key: "criado_em", label: "Criado em", get: (l) => l.createdAt },
    ],
  };
}

export function subscriptionTable(subscription: Row<typeof schema.subscriptions> | undefined): Table<Row<typeof schema.subscriptions>> {
  return {
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
}

/** The connected payment account: which provider and since when; never its tokens or ids. */
export type ExportedPaymentAccount = Pick<Row<typeof schema.paymentAccounts>, "provider" | "connectedAt">;

export function paymentAccountsTable(accounts: ExportedPaymentAccount[]): Table<ExportedPaymentAccount> {
  return {
    name: "contas_de_pagamento",
    file: "contas-de-pagamento.csv",
    rows: accounts,
    columns: [
      { key: "provedor", label: "Provedor", get: (a) => PROVIDER_NAMES[a.provider] },
      { key: "conectada_em", label: "Conectada em", get: (a) => a.connectedAt },
    ],
  };
}

/** A closed service ('Fechar atendimento'): its appointment, what was charged and how it was paid. */
export type ExportedClosing = Row<typeof schema.cashClosings> & { date: string; startMinute: number; items: string; payments: string };

export function closingsTable(closings: ExportedClosing[]): Table<ExportedClosing> {
  return {
    name: "fechamentos",
    file: "fechamentos.csv",
    rows: closings,
    columns: [
      { key: "agendamento", label: "Agendamento", get: (c) => c.appointmentId },
      { key: "data", label: "Data", get: (c) => c.date },
      { key: "horario", label: "Horário", get: (c) => minutesToTime(c.startMinute) },
      { key: "situacao", label: "Situação", get: (c) => CLOSING_STATUS_LABELS[c.status] },
      { key: "itens", label: "Itens", get: (c) => c.items },
      { key: "subtotal", label: "Subtotal (R$)", get: (c) => money(c.subtotalCents) },
      { key: "desconto", label: "Desconto (R$)", get: (c) => money(c.discountCents) },
      { key: "gorjeta", label: "Gorjeta (R$)", get: (c) => money(c.tipCents) },
      { key: "sinal", label: "Sinal (R$)", get: (c) => money(c.depositCents) },
      { key: "pagamentos", label: "Pagamentos", get: (c) => c.payments },
      { key: "fechado_em", label: "Fechado em", get: (c) => c.closedAt },
    ],
  };
}

/** 'Calendários externos': the name and the host only (the whole address is a secret). */
export type ExportedCalendar = Pick<Row<typeof schema.externalCalendars>, "name" | "url" | "createdAt">;

export function calendarsTable(calendars: ExportedCalendar[]): Table<ExportedCalendar> {
  const host = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return "";
    }
  };
  return {
    name: "calendarios_externos",
    file: "calendarios-externos.csv",
    rows: calendars,
    columns: [
      { key: "nome", label: "Nome", get: (c) => c.name },
      { key: "servidor", label: "Servidor", get: (c) => host(c.url) },
      { key: "adicionado_em", label: "Adicionado em", get: (c) => c.createdAt },
    ],
  };
}

const WAITLIST_STATUS = { waiting: "Aguardando", booked: "Agendou", left: "Saiu da lista", removed: "Removida" } as const;
const WAITLIST_PERIOD = { manha: "Manhã", tarde: "Tarde", noite: "Noite", qualquer: "Qualquer horário" } as const;
type WaitlistRow = Row<typeof schema.waitlistEntries>;

export function waitlistTable(entries: WaitlistRow[]): Table<WaitlistRow> {
  return {
    name: "lista_de_espera",
    file: "lista-de-espera.csv",
    rows: entries,
    columns: [
      { key: "data", label: "Data", get: (e) => e.date },
      { key: "servico", label: "Serviço", get: (e) => e.serviceName },
      { key: "periodo", label: "Período", get: (e) => WAITLIST_PERIOD[e.period] },
      { key: "cliente", label: "Cliente", get: (e) => e.customerName },
      { key: "telefone", label: "Telefone", get: (e) => e.customerPhone },
      { key: "email", label: "E-mail", get: (e) => e.customerEmail },
      { key: "status", label: "Status", get: (e) => WAITLIST_STATUS[e.status] },
      { key: "criado_em", label: "Criado em", get: (e) => e.createdAt },
    ],
  };
}

/** The devices that get push notifications: their name and since when (never the endpoint or keys). */
export type ExportedDevice = Pick<Row<typeof schema.pushSubscriptions>, "label" | "createdAt">;

export function devicesTable(devices: ExportedDevice[]): Table<ExportedDevice> {
  return {
    name: "dispositivos",
    file: "dispositivos.csv",
    rows: devices,
    columns: [
      { key: "aparelho", label: "Aparelho", get: (d) => d.label },
      { key: "adicionado_em", label: "Adicionado em", get: (d) => d.createdAt },
    ],
  };
}
