import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "./auth-layout";

/** The shell of the public text pages (terms of use, privacy). */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-white">
      <header className="mx-auto flex max-w-3xl items-center justify-between p-4 text-brand sm:p-6">
        <Logo />
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">Atualizado em {updated}.</p>
        <div className="mt-6 space-y-4 leading-relaxed text-slate-800 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
          {children}
        </div>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">
        <LegalLinks />
      </footer>
    </div>
  );
}

/** 'Termos de uso · Privacidade': on registration, the booking page and the customer's page. */
export function LegalLinks({ className = "" }: { className?: string }) {
  return (
    <span className={className}>
      <Link to="/termos" className="underline">
        Termos de uso
      </Link>{" "}
      ·{" "}
      <Link to="/privacidade" className="underline">
        Privacidade
      </Link>
    </span>
  );
}
