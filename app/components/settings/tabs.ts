/**
 * The settings tabs that exist as routes, in the product's order: Perfil, Horários, Página,
 * Notificações, Contas, Planos, Pagamentos, Geral. A tab is listed once its route exists: add its entry here
 * (and the route in app/routes.ts) when you build it.
 */
type SettingsTab = {
  /** The spec's name in `?tab=` and `#hash` links. */
  tab: "perfil" | "horarios" | "pagina" | "notificacoes" | "contas" | "planos" | "pagamentos" | "geral";
  to: string;
  label: string;
};

export const SETTINGS_TABS: SettingsTab[] = [
  { tab: "perfil", to: "/configuracoes/perfil", label: "Perfil" },
  { tab: "horarios", to: "/configuracoes/horarios", label: "Horários" },
  { tab: "pagina", to: "/configuracoes/pagina", label: "Página" },
  { tab: "notificacoes", to: "/configuracoes/notificacoes", label: "Notificações" },
  { tab: "contas", to: "/configuracoes/contas", label: "Contas" },
  { tab: "planos", to: "/configuracoes/planos", label: "Planos" },
  { tab: "pagamentos", to: "/configuracoes/pagamentos", label: "Pagamentos" },
  { tab: "geral", to: "/configuracoes/geral", label: "Geral" },
];

/** Where `/configuracoes` and an unknown or not-yet-built `?tab=` go. */
export const DEFAULT_SETTINGS_TAB = "/configuracoes/perfil";

/** The route of a spec tab name (`?tab=perfil`, `#horarios`), else the default tab. */
export function settingsPathFor(tab: string | null | undefined): string {
  return SETTINGS_TABS.find((t) => t.tab === tab)?.to ?? DEFAULT_SETTINGS_TAB;
}
