import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useHydrated } from "./use-hydrated";

/** Sidebar entries: an entry is listed once its screen exists. */
const NAV_ITEMS: { to: string; label: string; icon: string }[] = [
  { to: "/dashboard", label: "Dashboard", icon: "▦" },
  { to: "/agenda", label: "Agenda", icon: "◷" },
  { to: "/clientes", label: "Clientes", icon: "☺" },
  { to: "/servicos", label: "Serviços", icon: "✂" },
  { to: "/caixa", label: "Caixa", icon: "$" },
  { to: "/relatorios", label: "Relatórios", icon: "▤" },
  { to: "/solicitacoes", label: "Solicitações", icon: "✉" },
  { to: "/lembretes", label: "Lembretes", icon: "☎" },
  { to: "/lista-de-espera", label: "Lista de espera", icon: "◔" },
  { to: "/configuracoes", label: "Configurações", icon: "⚙" },
];

/** 'Equipe': listed after Agenda, only for an owner with active members (issue 16). */
const TEAM_ITEM = { to: "/equipe", label: "Equipe", icon: "☷" };

/** Quick actions of the spec, listed once the screen they open exists. */
const QUICK_ACTIONS: { to: string; label: string }[] = [
  { to: "/agenda?novo=1", label: "Agendamento Manual" },
  { to: "/servicos?novo=1", label: "Cadastrar Serviço" },
];

function NavList({ badges, team }: { badges?: Record<string, number>; team?: boolean }) {
  const items = team ? NAV_ITEMS.flatMap((item) => (item.to === "/agenda" ? [item, TEAM_ITEM] : [item])) : NAV_ITEMS;
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            prefetch="intent"
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${
                isActive ? "bg-brand/10 text-brand" : "text-slate-700 hover:bg-slate-100"
              }`
            }
          >
            <span aria-hidden className="w-5 text-center">
              {item.icon}
            </span>
            <span className="flex-1">{item.label}</span>
            {badges?.[item.to] ? (
              <span className="rounded-full bg-brand px-2 py-0.5 text-xs text-white">
                {badges[item.to]}
                <span className="sr-only"> pendentes</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

type ShellProps = { businessName: string; email: string; badges?: Record<string, number>; team?: boolean };

/** The sidebar's content; `navLabel` tells the desktop sidebar and the phone menu apart. */
function SidebarBody({ businessName, email, badges, team, navLabel }: ShellProps & { navLabel: string }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link to="/dashboard" className="flex items-center gap-2 px-2 text-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="text-lg font-bold">Agendo</span>
      </Link>
      <nav aria-label={navLabel}>
        <NavList badges={badges} team={team} />
      </nav>
      {QUICK_ACTIONS.length > 0 ? (
        <div>
          <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
            Ações rápidas
          </p>
          <ul className="mt-2 space-y-1">
            {QUICK_ACTIONS.map((a) => (
              <li key={a.to}>
                <Link to={a.to} className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100">
                  + {a.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto border-t border-slate-200 pt-4">
        <p className="truncate px-3 text-sm font-medium">{businessName}</p>
        <p className="truncate px-3 text-xs text-slate-500">{email}</p>
        <Link to="/perfil" className="mt-2 block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100">
          Meu Perfil
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">
            Sair
          </button>
        </Form>
      </div>
    </div>
  );
}

/**
 * The signed-in layout. Large screens: a fixed sidebar. Small screens: a top bar whose
 * menu is a <details> element, so it opens and closes without JavaScript; with JavaScript it
 * also closes when a new page opens (a tapped item, the back button).
 */
export function WorkspaceShell({ children, ...props }: ShellProps & { children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <div className="min-h-screen lg:flex">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 h-screen overflow-y-auto">
          <SidebarBody {...props} navLabel="Menu principal" />
        </div>
      </aside>
      <details ref={menu} className="group sticky top-0 z-30 border-b border-slate-200 bg-white lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2 font-bold text-brand">
            <img src="/favicon.svg" alt="" width={24} height={24} /> Agendo
          </span>
          <span className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium">
            <span className="group-open:hidden">☰ Menu</span>
            <span className="hidden group-open:inline">✕ Fechar</span>
          </span>
        </summary>
        <div className="max-h-[80vh] overflow-y-auto border-t border-slate-200 shadow-lg">
          <SidebarBody {...props} navLabel="Menu" />
        </div>
      </details>
      <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        {children}
        <BackToTop />
      </main>
    </div>
  );
}

/** A field being typed in: on a phone its keyboard is up, and the field sits where the button floats. */
const typing = () => !!document.activeElement?.matches("input:not([type=checkbox],[type=radio],[type=submit],[type=button]), textarea, select");

/**
 * The spec's back-to-top button (docs/decisions/1074). With JavaScript it floats in the corner
 * once the page has scrolled, and goes while a field is being typed in. Without JavaScript it
 * cannot know either, so it is not fixed: a link at the end of the page, over nothing.
 */
function BackToTop() {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > 400 && !typing());
    update();
    window.addEventListener("scroll", update, { passive: true });
    document.addEventListener("focusin", update);
    document.addEventListener("focusout", update);
    return () => {
      window.removeEventListener("scroll", update);
      document.removeEventListener("focusin", update);
      document.removeEventListener("focusout", update);
    };
  }, []);
  if (!hydrated) {
    return (
      <p className="mt-8 text-center">
        <a href="#top" className="btn-link text-sm">
          <span aria-hidden>↑ </span>Voltar ao topo
        </a>
      </p>
    );
  }
  return (
    <a
      href="#top"
      className={`fixed bottom-4 right-4 z-20 size-11 items-center justify-center rounded-full bg-brand text-white shadow-lg ${
        visible ? "flex" : "hidden"
      }`}
      aria-label="Voltar ao topo"
    >
      ↑
    </a>
  );
}
