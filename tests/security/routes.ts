// The route table of the security suites: every page, resource route and action of the app,
// with a valid baseline for each action. A new route or intent is one more line here; the
// fuzz, tenancy and header suites pick it up.
import type { SeededPro } from "./support";
import { TEST_AUTH, TEST_P256DH } from "../support/seed";

export type Ids = SeededPro["ids"];
type Fields = Record<string, string>;

// ------------------------------------------------------------------ GET routes

/** Public pages and resources (no session needed). `{slug}`, `{token}` and `{image}` are filled in. */
export const PUBLIC_GETS = [
  "/",
  "/login",
  "/register",
  "/redefinir-senha",
  "/redefinir-senha?token=nao-existe",
  "/conta-suspensa",
  "/planos",
  "/planos?periodo=anual&checkout=sucesso&session_id=cs_nao_existe",
  "/termos",
  "/privacidade",
  "/agendamento",
  "/agendamento/{slug}",
  "/agendamento/{slug}?servico=nao-existe&data=2099-99-99&horario=99:99",
  "/agendamento/{slug}?profissional=qualquer&servico=nao-existe&data=2099-99-99&horario=99:99",
  "/agendamento/{slug}?profissional=nao-existe",
  "/{slug}",
  "/agendamento/reserva/{token}",
  "/agendamento/reserva/{token}?remarcar=1&data=2099-99-99&horario=99:99",
  "/agendamento/reserva/{token}/ics",
  "/agendamento/reserva/{token}/estado",
  "/agendamento/reserva/nao-existe",
  "/agendamento/reserva/nao-existe/ics",
  "/calendario/nao-existe.ics",
  "/lembretes/parar/nao-existe",
  "/agendamento/{slug}/lista-de-espera?servico=nao-existe&data=2099-99-99",
  "/agendamento/espera/nao-existe",
  "/imagens/{image}",
  "/imagens/00000000-0000-0000-0000-000000000000",
  "/imagens/nao-e-um-id",
  "/404",
  "/sw.js",
  "/uma/pagina/que/nao/existe",
  "/logout",
] as const;

/** Signed-in screens and resources; those with an id of the professional's own rows use `{...}`. */
export const PRIVATE_GETS = [
  "/dashboard",
  "/dashboard?assistente",
  "/agenda",
  "/agenda?novo=1",
  "/agenda?editar={appointment}",
  "/agenda?vista=semana&data=2099-99-99",
  "/agenda?vista=dia&ver={appointment}",
  "/agenda?vista=lista",
  "/agenda?vista=lista&confirmar-cancelamento={appointment}",
  "/agenda?vista=dia&ver={appointment}&confirmar-cancelamento={appointment}",
  "/clientes",
  "/clientes?novo",
  "/clientes?editar={client}",
  "/clientes?confirmar-exclusao={client}",
  "/clientes?ver={client}",
  "/clientes/exportar",
  "/clientes/importar",
  "/clientes/importar?arquivo={clientImport}",
  "/servicos",
  "/servicos?novo=1",
  "/servicos?editar={service}",
  "/servicos?confirmar-exclusao={service}",
  "/servicos?novo=1&editar-categoria={category}",
  "/servicos?novo=1&excluir-categoria={category}",
  "/solicitacoes",
  "/solicitacoes?recusar={request}",
  "/lembretes",
  "/lista-de-espera",
  "/lista-de-espera?data=2099-99-99&remover=nao-existe",
  "/equipe",
  "/equipe?vista=semana&data=2099-99-99",
  "/equipe?ver={appointment}",
  "/equipe?ver={appointment}&confirmar-cancelamento={appointment}",
  "/relatorios",
  "/relatorios?periodo=customizado&de=2025-01-01&ate=2025-12-31&servico={service}",
  "/relatorios/exportar",
  "/relatorios/equipe/exportar",
  "/caixa",
  "/caixa?periodo=customizado&de=2025-01-01&ate=2025-12-31",
  "/caixa/exportar",
  "/caixa/fechar?atendimento={appointment}",
  "/perfil",
  "/tutorial",
  "/configuracoes",
  "/configuracoes?tab=horarios",
  "/configuracoes/perfil",
  "/configuracoes/horarios",
  "/configuracoes/horarios?remover-calendario={calendar}",
  "/configuracoes/pagina",
  "/configuracoes/notificacoes",
  "/configuracoes/notificacoes?remover-aparelho={device}",
  "/configuracoes/contas",
  // A member's commission: the seeded professional has no active member, so this is their 404.
  "/configuracoes/contas/comissao/{linked}",
  "/configuracoes/planos",
  "/configuracoes/pagamentos",
  "/configuracoes/pagamentos?desconectar=1",
  "/configuracoes/pagamentos/mercadopago/retorno?code=TG-nao-existe&state=nao-existe",
  "/configuracoes/geral",
  "/configuracoes/geral/exportar",
] as const;

/**
 * GETs that name one row by id: another professional asking for them gets 404. (Lists and
 * exports take no id; the sweep checks they do not show the other professional's rows.)
 */
export const PRIVATE_GETS_BY_ID = PRIVATE_GETS.filter((p) => /\{(appointment|client|service|category|clientImport|calendar)\}/.test(p) && !p.startsWith("/relatorios"));

export function fill(path: string, ids: Partial<Ids> & { slug?: string }) {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => String((ids as Record<string, string>)[key] ?? key));
}

// ------------------------------------------------------------------ actions

export type ActionSpec = {
  name: string;
  path: string;
  /** public: anyone; anon: signed-out forms (login, register); private: the workspace. */
  auth: "public" | "anon" | "private";
  fields: (ids: Ids, ctx: { date: string; slug: string }) => Fields;
  /** The id field naming a row of the professional's own: another professional gets 404. */
  target?: { field: string; id: keyof Ids };
  /** Succeeds from the intent alone (no other field to validate): a fuzzed value may still save. */
  intentOnly?: boolean;
  /** Takes multipart (the photo upload). */
  multipart?: boolean;
  /** Posted by a professional without access (the /conta-suspensa forms). */
  suspended?: boolean;
};

const clientFields = { name: "Maria Souza", phone: "(11) 98888-7777", email: "maria@example.com", address: "", birthDate: "", notes: "" };
const serviceFields = (ids: Ids) => ({ nome: "Corte novo", descricao: "", preco: "50,00", duracao: "30", categoria: ids.category, novaCategoria: "", cor: "#4F46E5" });
const appointmentFields = (ids: Ids, date: string) => ({ clientId: ids.client, serviceId: ids.service, date, time: "15:00", notes: "" });
const closingFields = {
  "itens[0].tipo": "service",
  "itens[0].nome": "Corte",
  "itens[0].preco": "50,00",
  "itens[0].quantidade": "1",
  descontoTipo: "valor",
  desconto: "5,00",
  gorjeta: "2,00",
  "pagamentos[0].metodo": "pix",
  "pagamentos[0].valor": "30,00",
  "pagamentos[1].metodo": "cash",
  "pagamentos[1].valor": "17,00",
};
const weekFields = Object.fromEntries(
  Array.from({ length: 7 }, (_, i) => [
    [`days[${i}].isActive`, "on"],
    [`days[${i}].startTime`, "09:00"],
    [`days[${i}].endTime`, "18:00"],
  ]).flat(),
);

export const ACTIONS: ActionSpec[] = [
  // signed-out forms
  { name: "login", path: "/login", auth: "anon", fields: () => ({ intent: "login", email: "ninguem@example.com", password: "errada123", redirectTo: "" }) },
  { name: "login reset", path: "/login", auth: "anon", fields: () => ({ intent: "reset", email: "ninguem@example.com" }) },
  {
    name: "register",
    path: "/register",
    auth: "anon",
    fields: () => ({ name: "Nova Pessoa", email: "", phone: "(11) 98888-7777", password: "senha123", confirmPassword: "senha123", terms: "on", specialty: "barbeiro" }),
  },
  { name: "reset password", path: "/redefinir-senha", auth: "anon", fields: () => ({ token: "nao-existe", password: "nova12345", confirmPassword: "nova12345" }) },
  { name: "logout", path: "/logout", auth: "public", fields: () => ({}), intentOnly: true },
  // public booking
  {
    name: "booking",
    path: "/agendamento/{slug}",
    auth: "public",
    fields: (ids, { date }) => ({ servico: ids.service, data: date, horario: "16:00", name: "Cliente Teste", phone: "(11) 97777-6666", notes: "" }),
  },
  { name: "booking without a slug", path: "/agendamento", auth: "public", fields: (ids, { date }) => ({ servico: ids.service, data: date, horario: "16:00", name: "Cliente Teste", phone: "(11) 97777-6666" }) },
  { name: "booking at the root", path: "/{slug}", auth: "public", fields: (ids, { date }) => ({ servico: ids.service, data: date, horario: "16:30", name: "Cliente Raiz", phone: "(11) 97777-5555" }) },
  { name: "booking cancel", path: "/agendamento/reserva/{token}", auth: "public", fields: () => ({ intent: "cancel" }), intentOnly: true },
  { name: "booking reschedule", path: "/agendamento/reserva/{token}", auth: "public", fields: (_ids, { date }) => ({ intent: "reschedule", data: date, horario: "16:00" }) },
  { name: "unknown path", path: "/nao-existe/de-jeito-nenhum", auth: "public", fields: () => ({ intent: "x" }) },
  { name: "stripe webhook", path: "/stripe/webhook", auth: "public", fields: () => ({}) },
  { name: "mercadopago webhook", path: "/pagamentos/mercadopago/webhook?data.id=123&type=payment", auth: "public", fields: () => ({}) },
  // workspace
  { name: "dashboard setup-later", path: "/dashboard", auth: "private", fields: () => ({ intent: "setup-later" }), intentOnly: true },
  { name: "dashboard setup-finish", path: "/dashboard", auth: "private", fields: () => ({ intent: "setup-finish" }), intentOnly: true },
  { name: "dashboard guide-seen", path: "/dashboard", auth: "private", fields: () => ({ intent: "guide-seen" }), intentOnly: true },
  { name: "tutorial tick", path: "/tutorial", auth: "private", fields: () => ({ intent: "tick", step: "profile", done: "1" }) },
  { name: "clients create", path: "/clientes", auth: "private", fields: () => ({ intent: "create", ...clientFields }) },
  { name: "clients update", path: "/clientes", auth: "private", fields: (ids) => ({ intent: "update", id: ids.client, ...clientFields }), target: { field: "id", id: "client" } },
  { name: "clients delete", path: "/clientes", auth: "private", fields: (ids) => ({ intent: "delete", id: ids.client }), target: { field: "id", id: "client" } },
  { name: "clients import upload", path: "/clientes/importar", auth: "private", fields: () => ({ intent: "upload", arquivo: "Nome,Telefone\r\nAna Lima,(11) 98888-1234" }), multipart: true },
  {
    name: "clients import columns",
    path: "/clientes/importar",
    auth: "private",
    fields: (ids) => ({ intent: "map", id: ids.clientImport, name: "0", lastName: "", phone: "1", phone2: "", email: "", birthday: "", notes: "" }),
    target: { field: "id", id: "clientImport" },
  },
  { name: "clients import commit", path: "/clientes/importar", auth: "private", fields: (ids) => ({ intent: "import", id: ids.clientImport }), target: { field: "id", id: "clientImport" } },
  { name: "services create", path: "/servicos", auth: "private", fields: (ids) => ({ intent: "create-service", ...serviceFields(ids) }) },
  { name: "services update", path: "/servicos", auth: "private", fields: (ids) => ({ intent: "update-service", id: ids.service, ...serviceFields(ids) }), target: { field: "id", id: "service" } },
  { name: "services toggle", path: "/servicos", auth: "private", fields: (ids) => ({ intent: "toggle-service", id: ids.service, ativo: "false" }), target: { field: "id", id: "service" } },
  { name: "services delete", path: "/servicos", auth: "private", fields: (ids) => ({ intent: "delete-service", id: ids.service }), target: { field: "id", id: "service" } },
  { name: "category create", path: "/servicos", auth: "private", fields: () => ({ intent: "create-category", nomeCategoria: "Unhas", codigo: "" }) },
  { name: "category update", path: "/servicos", auth: "private", fields: (ids) => ({ intent: "update-category", id: ids.category, nomeCategoria: "Unhas 2", codigo: "" }), target: { field: "id", id: "category" } },
  { name: "category delete", path: "/servicos", auth: "private", fields: (ids) => ({ intent: "delete-category", id: ids.category }), target: { field: "id", id: "category" } },
  { name: "agenda create", path: "/agenda", auth: "private", fields: (ids, { date }) => ({ intent: "create", ...appointmentFields(ids, date) }) },
  { name: "agenda update", path: "/agenda", auth: "private", fields: (ids, { date }) => ({ intent: "update", id: ids.appointment, ...appointmentFields(ids, date) }), target: { field: "id", id: "appointment" } },
  { name: "agenda delete", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "delete", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "agenda confirm", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "confirm", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  // The old 'Concluir' post: it leads to 'Fechar atendimento' (its own appointment) or is a 404.
  { name: "agenda complete", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "complete", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "agenda no-show", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "no-show", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "agenda cancel", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "cancel", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "agenda cancel following", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "cancel", id: ids.appointment, scope: "following" }), target: { field: "id", id: "appointment" } },
  {
    name: "agenda cancel telling the customer",
    path: "/agenda",
    auth: "private",
    fields: (ids) => ({ intent: "cancel", id: ids.appointment, motivo: "Imprevisto", avisar: "1" }),
    target: { field: "id", id: "appointment" },
  },
  { name: "agenda undo following", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "undo", id: ids.appointment, scope: "following" }), target: { field: "id", id: "appointment" } },
  { name: "agenda delete following", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "delete", id: ids.appointment, scope: "following" }), target: { field: "id", id: "appointment" } },
  { name: "agenda undo", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "undo", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "agenda series preview", path: "/agenda", auth: "private", fields: (ids, { date }) => ({ intent: "preview", ...appointmentFields(ids, date), repeat: "2", endKind: "count", count: "6" }) },
  { name: "agenda walk-in", path: "/agenda", auth: "private", fields: (ids, { date }) => ({ intent: "create", ...appointmentFields(ids, date), time: "", otherTime: "20:00", encaixe: `${date} 20:00` }) },
  { name: "agenda accept request", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "accept-request", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "agenda decline request", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "decline-request", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "cash close", path: "/caixa/fechar", auth: "private", fields: (ids) => ({ intent: "close", id: ids.appointment, ...closingFields }), target: { field: "id", id: "appointment" } },
  { name: "cash close pending", path: "/caixa/fechar", auth: "private", fields: (ids) => ({ intent: "close-pending", id: ids.appointment, ...closingFields }), target: { field: "id", id: "appointment" } },
  { name: "cash add item", path: "/caixa/fechar", auth: "private", fields: (ids) => ({ intent: "add-item", id: ids.appointment, novoItem: ids.service, ...closingFields }), target: { field: "id", id: "appointment" } },
  { name: "agenda deposit received", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "deposit-received", id: ids.request, method: "pix" }), target: { field: "id", id: "request" } },
  { name: "agenda deposit received and accept", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "deposit-received-accept", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "agenda deposit refunded", path: "/agenda", auth: "private", fields: (ids) => ({ intent: "deposit-refunded", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "team confirm", path: "/equipe", auth: "private", fields: (ids) => ({ intent: "confirm", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "team complete", path: "/equipe", auth: "private", fields: (ids) => ({ intent: "complete", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "team cancel", path: "/equipe", auth: "private", fields: (ids) => ({ intent: "cancel", id: ids.appointment, motivo: "Imprevisto", avisar: "1" }), target: { field: "id", id: "appointment" } },
  { name: "team undo", path: "/equipe", auth: "private", fields: (ids) => ({ intent: "undo", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "team accept request", path: "/equipe", auth: "private", fields: (ids) => ({ intent: "accept-request", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "team decline request", path: "/equipe", auth: "private", fields: (ids) => ({ intent: "decline-request", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "requests accept", path: "/solicitacoes", auth: "private", fields: (ids) => ({ intent: "accept", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "requests decline", path: "/solicitacoes", auth: "private", fields: (ids) => ({ intent: "decline", id: ids.request }), target: { field: "id", id: "request" } },
  { name: "requests deposit received", path: "/solicitacoes", auth: "private", fields: (ids) => ({ intent: "deposit-received", id: ids.request, method: "pix" }), target: { field: "id", id: "request" } },
  { name: "requests deposit received and accept", path: "/solicitacoes", auth: "private", fields: (ids) => ({ intent: "deposit-received-accept", id: ids.request, method: "cash" }), target: { field: "id", id: "request" } },
  { name: "requests deposit refunded", path: "/solicitacoes", auth: "private", fields: (ids) => ({ intent: "deposit-refunded", id: ids.request }), target: { field: "id", id: "request" } },
  {
    name: "settings profile",
    path: "/configuracoes/perfil",
    auth: "private",
    fields: () => ({ intent: "profile", fullName: "Paula Ribeiro", phone: "(11) 98765-4321", businessName: "Studio Paula", address: "", city: "", specialty: "", bookingSlug: "", pixKey: "", pixCity: "", pixName: "" }),
    multipart: true,
  },
  { name: "settings photo upload", path: "/configuracoes/perfil", auth: "private", fields: () => ({ intent: "upload-image", image: "não é uma imagem" }), multipart: true },
  { name: "settings photo remove", path: "/configuracoes/perfil", auth: "private", fields: () => ({ intent: "remove-image" }), intentOnly: true },
  { name: "settings hours", path: "/configuracoes/horarios", auth: "private", fields: () => ({ intent: "hours", ...weekFields }) },
  { name: "settings preferences", path: "/configuracoes/horarios", auth: "private", fields: () => ({ intent: "preferences", timeZone: "America/Manaus", slotStepMinutes: "15" }) },
  {
    name: "settings day off",
    path: "/configuracoes/horarios",
    auth: "private",
    fields: (_ids, { date }) => ({ intent: "create-exception", kind: "blocked", startDate: date, startTime: "12:00", endTime: "14:00", reason: "Dentista" }),
  },
  { name: "settings holiday", path: "/configuracoes/horarios", auth: "private", fields: () => ({ intent: "close-holiday", date: "2099-12-25" }) },
  // An address under .invalid (RFC 2606) never resolves: the read fails without leaving the machine.
  { name: "settings calendar add", path: "/configuracoes/horarios", auth: "private", fields: () => ({ intent: "add-calendar", url: "https://calendario.invalid/agenda.ics", name: "Escola" }) },
  {
    name: "settings calendar remove",
    path: "/configuracoes/horarios",
    auth: "private",
    fields: (ids) => ({ intent: "remove-calendar", id: ids.calendar }),
    target: { field: "id", id: "calendar" },
  },
  {
    name: "settings booking rules",
    path: "/configuracoes/horarios",
    auth: "private",
    fields: () => ({ intent: "booking-rules", minNoticeMinutes: "120", bookingWindow: "2m", requestExpiryHours: "12", customerChangeCutoffMinutes: "60", depositReleaseMinutes: "60" }),
  },
  {
    name: "settings page",
    path: "/configuracoes/pagina",
    auth: "private",
    fields: () => ({ pageTitle: "Agende", contactPhone: "", pageDescription: "", businessAddress: "", welcomeMessage: "", instagramHandle: "", primaryColor: "#3B82F6", secondaryColor: "#8B5CF6" }),
  },
  { name: "settings page team", path: "/configuracoes/pagina", auth: "private", fields: () => ({ intent: "team", teamPage: "on", onTeamPage: "on" }) },
  {
    name: "booking any professional",
    path: "/agendamento/{slug}",
    auth: "public",
    fields: (ids, { date }) => ({ profissional: "qualquer", servico: ids.service, data: date, horario: "16:00", name: "Cliente Equipe", phone: "(11) 97777-4444" }),
  },
  {
    name: "settings notifications",
    path: "/configuracoes/notificacoes",
    auth: "private",
    fields: () => ({ intent: "save", notifyNewRequest: "on", dailySummaryHour: "20", reminderHoursBefore: "24", reminderEmail: "on" }),
  },
  { name: "settings calendar feed", path: "/configuracoes/notificacoes", auth: "private", fields: () => ({ intent: "feed-renew" }), intentOnly: true },
  { name: "settings calendar feed details", path: "/configuracoes/notificacoes", auth: "private", fields: () => ({ intent: "feed-details", feedDetails: "on" }) },
  {
    name: "settings push subscribe",
    path: "/configuracoes/notificacoes",
    auth: "private",
    fields: () => ({ intent: "push-subscribe", endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, p256dh: TEST_P256DH, auth: TEST_AUTH }),
  },
  { name: "settings push remove", path: "/configuracoes/notificacoes", auth: "private", fields: (ids) => ({ intent: "push-remove", id: ids.device }), target: { field: "id", id: "device" } },
  { name: "settings push test", path: "/configuracoes/notificacoes", auth: "private", fields: () => ({ intent: "push-test" }), intentOnly: true },
  { name: "settings push kinds", path: "/configuracoes/notificacoes", auth: "private", fields: () => ({ "new-request": "on", "customer-cancel": "on", intent: "push-kinds" }) },
  { name: "reminders sent", path: "/lembretes", auth: "private", fields: (ids) => ({ intent: "sent", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "reminders unsent", path: "/lembretes", auth: "private", fields: (ids) => ({ intent: "unsent", id: ids.appointment }), target: { field: "id", id: "appointment" } },
  { name: "reminders waitlist sent", path: "/lembretes", auth: "private", fields: () => ({ intent: "waitlist-sent", id: "nao-existe" }), intentOnly: true },
  // The waiting list (issue 24): the sign-up from step 2, the customer's 'Sair da lista', the professional's 'Remover'.
  {
    name: "waitlist join",
    path: "/agendamento/{slug}/lista-de-espera",
    auth: "public",
    fields: (ids, { date }) => ({ servico: ids.service, data: date, periodo: "qualquer", name: "Cliente Espera", phone: "(11) 97777-4444", email: "" }),
  },
  { name: "waitlist leave", path: "/agendamento/espera/nao-existe", auth: "public", fields: () => ({ intent: "leave" }), intentOnly: true },
  { name: "waitlist remove", path: "/lista-de-espera", auth: "private", fields: () => ({ intent: "remove", id: "nao-existe" }), intentOnly: true },
  { name: "stop reminders", path: "/lembretes/parar/nao-existe", auth: "public", fields: () => ({}), intentOnly: true },
  { name: "resume reminders", path: "/lembretes/parar/nao-existe", auth: "public", fields: () => ({ intent: "resume" }), intentOnly: true },
  // Accounts, plans and general settings (built alongside this suite).
  { name: "accounts add", path: "/configuracoes/contas", auth: "private", fields: () => ({ intent: "add", email: "convidada@example.com" }) },
  { name: "accounts leave", path: "/configuracoes/contas", auth: "private", fields: () => ({ intent: "leave" }), intentOnly: true },
  { name: "commission save", path: "/configuracoes/contas/comissao/{linked}", auth: "private", fields: () => ({ servicos: "40", produtos: "10", gorjetas: "on" }) },
  { name: "accounts remove", path: "/configuracoes/contas", auth: "private", fields: (ids) => ({ intent: "remove", id: ids.linked }), target: { field: "id", id: "linked" } },
  { name: "plans checkout", path: "/configuracoes/planos", auth: "private", fields: () => ({ intent: "checkout", plan: "essencial", period: "monthly" }) },
  { name: "plans portal", path: "/configuracoes/planos", auth: "private", fields: () => ({ intent: "portal" }), intentOnly: true },
  { name: "payments connect", path: "/configuracoes/pagamentos", auth: "private", fields: () => ({ intent: "connect" }), intentOnly: true },
  { name: "payments disconnect", path: "/configuracoes/pagamentos", auth: "private", fields: () => ({ intent: "disconnect" }), intentOnly: true },
  { name: "plans page checkout", path: "/planos", auth: "private", fields: () => ({ intent: "checkout", plan: "avancado", period: "yearly" }) },
  {
    name: "general change password",
    path: "/configuracoes/geral",
    auth: "private",
    fields: () => ({ intent: "change-password", currentPassword: "errada123", password: "novasenha1", confirmPassword: "novasenha1" }),
  },
  { name: "general delete account", path: "/configuracoes/geral", auth: "private", fields: () => ({ intent: "delete-account", password: "errada123", confirm: "on" }) },
  { name: "suspended leave team", path: "/conta-suspensa", auth: "private", suspended: true, fields: () => ({ intent: "leave-team" }), intentOnly: true },
  { name: "suspended delete account", path: "/conta-suspensa", auth: "private", suspended: true, fields: () => ({ intent: "delete-account", password: "errada123", confirm: "on" }) },
];

/** One row per route path (for checks that need a route once, not every intent). */
export const ACTION_PATHS = [...new Map(ACTIONS.map((a) => [a.path, a])).values()];
