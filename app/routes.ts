import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("redefinir-senha", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("conta-suspensa", "routes/suspended.tsx"),
  // Checkout for anyone signed in, access or not (a suspended professional subscribes here).
  route("planos", "routes/plans.tsx"),
  // Outside the workspace guard: a suspended professional may still download their data.
  route("configuracoes/geral/exportar", "routes/settings.general.export.ts"),
  layout("routes/workspace.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("agenda", "routes/agenda.tsx"),
    route("clientes", "routes/clients.tsx"),
    route("clientes/exportar", "routes/clients.export.ts"),
    route("clientes/importar", "routes/clients.import.tsx"),
    route("servicos", "routes/services.tsx"),
    route("solicitacoes", "routes/booking-requests.tsx"),
    route("lembretes", "routes/reminders.tsx"),
    route("lista-de-espera", "routes/waitlist.tsx"),
    route("equipe", "routes/team.tsx"),
    route("relatorios", "routes/reports.tsx"),
    route("relatorios/exportar", "routes/reports.export.ts"),
    route("relatorios/equipe/exportar", "routes/reports.team-export.ts"),
    route("caixa", "routes/cash.tsx"),
    route("caixa/fechar", "routes/cash-close.tsx"),
    route("caixa/exportar", "routes/cash.export.ts"),
    route("perfil", "routes/profile.tsx"),
    route("tutorial", "routes/tutorial.tsx"),
    route("configuracoes", "routes/settings.tsx", [
      index("routes/settings._index.tsx"),
      route("perfil", "routes/settings.profile.tsx"),
      route("horarios", "routes/settings.hours.tsx"),
      route("pagina", "routes/settings.page.tsx"),
      route("notificacoes", "routes/settings.notifications.tsx"),
      route("contas", "routes/settings.linked-accounts.tsx"),
      route("contas/comissao/:memberId", "routes/settings.commission.tsx"),
      route("planos", "routes/settings.plans.tsx"),
      route("pagamentos", "routes/settings.payments.tsx"),
      route("geral", "routes/settings.general.tsx"),
    ]),
    // Back from Mercado Pago's authorisation page ('Conectar Mercado Pago').
    route("configuracoes/pagamentos/mercadopago/retorno", "routes/settings.payments.return.ts"),
  ]),
  route("imagens/:id", "routes/images.ts"),
  // The workspace's service worker and its web app manifest (issue 25).
  route("sw.js", "routes/service-worker.ts"),
  // Private calendar feed (webcal://) and 'Não quero receber lembretes' from customers' messages.
  route("calendario/:file", "routes/calendar-feed.ts"),
  route("lembretes/parar/:token", "routes/stop-reminders.tsx"),
  route("stripe/webhook", "routes/stripe.webhook.ts"),
  route("pagamentos/mercadopago/webhook", "routes/payments.mercadopago.webhook.ts"),
  route("404", "routes/not-found.tsx"),
  route("termos", "routes/terms.tsx"),
  route("privacidade", "routes/privacy.tsx"),
  // Public booking: /agendamento/{slug}, the customer's private page, and /{slug} or
  // /{professionalId} at the root (static paths above always win over :slug).
  route("agendamento/reserva/:token", "routes/booking-status.tsx"),
  route("agendamento/reserva/:token/ics", "routes/booking-status.ics.ts"),
  route("agendamento/reserva/:token/estado", "routes/booking-status.state.ts"),
  // The waiting list (issue 24): step 2's 'Avise-me se abrir um horário', and the customer's place.
  route("agendamento/espera/:token", "routes/waitlist-status.tsx"),
  route("agendamento/:slug/lista-de-espera", "routes/waitlist-join.tsx"),
  route("agendamento/:slug", "routes/booking.tsx", { id: "booking" }),
  route("agendamento", "routes/booking.tsx", { id: "booking-no-slug" }),
  route(":slug", "routes/booking.tsx", { id: "booking-root" }),
  route("*", "routes/splat.tsx"),
] satisfies RouteConfig;
