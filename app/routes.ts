import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("redefinir-senha", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("conta-suspensa", "routes/suspended.tsx"),
  // Checkout for anyone signed in, access or not (a suspended professional subscribes here).
  route("planos", "routes/planos.tsx"),
  // Outside the workspace guard: a suspended professional may still download their data.
  route("configuracoes/geral/exportar", "routes/configuracoes.geral.exportar.ts"),
  layout("routes/workspace.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("agenda", "routes/agenda.tsx"),
    route("clientes", "routes/clientes.tsx"),
    route("clientes/exportar", "routes/clientes.exportar.ts"),
    route("servicos", "routes/servicos.tsx"),
    route("solicitacoes", "routes/solicitacoes.tsx"),
    route("relatorios", "routes/relatorios.tsx"),
    route("relatorios/exportar", "routes/relatorios.exportar.ts"),
    route("perfil", "routes/perfil.tsx"),
    route("tutorial", "routes/tutorial.tsx"),
    route("configuracoes", "routes/configuracoes.tsx", [
      index("routes/configuracoes._index.tsx"),
      route("perfil", "routes/configuracoes.perfil.tsx"),
      route("horarios", "routes/configuracoes.horarios.tsx"),
      route("pagina", "routes/configuracoes.pagina.tsx"),
      route("contas", "routes/configuracoes.contas.tsx"),
      route("planos", "routes/configuracoes.planos.tsx"),
      route("geral", "routes/configuracoes.geral.tsx"),
    ]),
  ]),
  route("imagens/:id", "routes/imagens.ts"),
  route("stripe/webhook", "routes/stripe.webhook.ts"),
  route("404", "routes/not-found.tsx"),
  route("termos", "routes/terms.tsx"),
  route("privacidade", "routes/privacy.tsx"),
  // Public booking: /agendamento/{slug}, the customer's private page, and /{slug} or
  // /{professionalId} at the root (static paths above always win over :slug).
  route("agendamento/reserva/:token", "routes/booking-status.tsx"),
  route("agendamento/reserva/:token/ics", "routes/booking-status.ics.ts"),
  route("agendamento/:slug", "routes/booking.tsx", { id: "booking" }),
  route("agendamento", "routes/booking.tsx", { id: "booking-no-slug" }),
  route(":slug", "routes/booking.tsx", { id: "booking-root" }),
  route("*", "routes/splat.tsx"),
] satisfies RouteConfig;
