import type { ReactNode } from "react";
import { Link } from "react-router";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex shrink-0 items-center gap-2 font-bold ${className}`}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span className="text-lg sm:text-xl">Agendo</span>
    </Link>
  );
}

/** Split page of /login and /register: marketing panel on desktop, the card always. */
export function AuthLayout({
  panelTitle,
  panelText,
  children,
}: {
  panelTitle: string;
  panelText: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-1/2 flex-col justify-between bg-gradient-to-br from-brand to-brand-2 p-12 text-white lg:flex">
        <Logo />
        <div>
          <h2 className="text-4xl font-bold leading-tight">{panelTitle}</h2>
          <p className="mt-4 text-lg text-white/90">{panelText}</p>
          <ul className="mt-8 space-y-3 text-white/95">
            <li>✓ Agenda inteligente e automática</li>
            <li>✓ Gestão completa de clientes</li>
            <li>✓ Relatórios e métricas em tempo real</li>
          </ul>
        </div>
        <p className="text-sm text-white/70">Feito para barbeiros, cabeleireiros e manicures.</p>
      </aside>
      <main className="flex flex-1 items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">
          <div className="mb-6 text-brand lg:hidden">
            <Logo />
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

/**
 * 'Entrar' and 'Começar grátis' in the header of public pages (landing, plans). Its words keep a
 * real space between them (and the header one before it, after the logo): the gap is drawn by
 * CSS, but a copy, a reader view or a page without its CSS reads the text ('Agendo Entrar').
 */
export function SignedOutNav() {
  return (
    // Never squeezed: on a 360 px phone 'Começar grátis' stays on one line and 'Entrar' apart from the logo.
    <nav aria-label="Conta" className="flex shrink-0 items-center gap-2.5 whitespace-nowrap text-sm sm:gap-4">
      <Link to="/login" className="font-medium text-slate-700 hover:text-slate-900">
        Entrar
      </Link>{" "}
      <Link to="/register" className="btn-primary px-3 sm:px-4">
        Começar grátis
      </Link>
    </nav>
  );
}
