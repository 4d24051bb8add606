import type { ReactNode } from "react";
import { brandTheme } from "../../domain/brand-colours";
import { Avatar } from "../avatar";
import { LegalLinks } from "../legal-page";
import type { BookingPro } from "./page-view";

// The booking page's frame in the professional's colours: who is behind the link (photo, name,
// address, WhatsApp) above the steps, their Instagram and the legal links below.

export function BookingShell({ pro, salon, children }: { pro: BookingPro; salon: boolean; children: ReactNode }) {
  // The salon's page is the business's; a professional's own page is theirs.
  const name = (salon && pro.businessName) || pro.fullName || pro.businessName;
  return (
    <div
      className="min-h-screen bg-slate-50"
      style={brandTheme(pro.primaryColor, pro.secondaryColor)}
    >
      <div className="h-28 bg-gradient-to-r from-brand to-brand-2" aria-hidden />
      <main className="mx-auto -mt-20 max-w-xl px-3 pb-10">
        <header className="card flex items-center gap-4">
          <Avatar name={name} imageUrl={pro.imageUrl} size="md" />
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold">{name}</h1>
            {pro.businessName && pro.businessName !== name ? (
              <p className="truncate text-sm text-slate-600">{pro.businessName}</p>
            ) : null}
            {pro.address ? <p className="text-sm text-slate-500">{pro.address}</p> : null}
            {pro.whatsapp ? (
              <a href={pro.whatsapp} className="text-sm font-medium text-emerald-700 underline" rel="noopener">
                WhatsApp
              </a>
            ) : null}
          </div>
        </header>
        {children}
        <footer className="mt-8 text-center text-sm text-slate-500">
          <p className="font-medium text-slate-700">{pro.businessName}</p>
          {pro.instagram ? (
            <p>
              <a href={`https://instagram.com/${pro.instagram}`} className="underline" rel="noopener">
                @{pro.instagram}
              </a>
            </p>
          ) : null}
          <p className="mt-2">
            Powered by{" "}
            <a href="/" className="font-semibold text-brand">
              Agendo
            </a>
          </p>
          <LegalLinks className="mt-1 block" />
        </footer>
      </main>
    </div>
  );
}
