import { Link } from "react-router";
import type { WaitlistPeriod } from "../../../db/schema";
import type { PublicPage, PublicService } from "../../domain/booking-page/public-page.server";
import type { BookingField } from "../../validation/booking";
import type { ProfessionalChoice } from "./professional-step";
import type { ServiceFigures } from "./service-facts";

// What the public booking page shows (routes/booking.server.ts builds it from the URL's state),
// and the small pieces every step shares: the professional chosen on the salon's page, kept in
// each step's links and forms.

/** The professional (or the salon) behind the link, as the page's header and footer show them. */
export type BookingPro = Pick<
  PublicPage["profile"],
  "fullName" | "businessName" | "pageTitle" | "pageDescription" | "welcomeMessage" | "primaryColor" | "secondaryColor" | "showPrices"
> & {
  id: string;
  slug: string;
  address: string;
  imageUrl: string | null;
  instagram: string;
  whatsapp: string | null;
  /** Online booking is open. */
  accepting: boolean;
};

type BookingService = PublicService & ServiceFigures;

/** The salon's choice at step 0: a member, or 'Qualquer profissional' (its URL value). */
type ChosenProfessional = ProfessionalChoice | string;

export type BookingView = {
  /** 'Qualquer profissional' at step 3: who takes the time chosen, and their own service. */
  finalOffer: { key: string; professional: ProfessionalChoice; service: PublicService } | null;
  /** The salon's professionals (step 0), or null on a professional's own page. */
  team: ProfessionalChoice[] | null;
  chosen: ChosenProfessional | null;
  services: BookingService[];
  popularServiceId: string | null;
  pro: BookingPro;
  /** 0 'Profissional' (the salon's page only), 1 'Serviço', 2 'Horário', 3 'Dados'. */
  step: number;
  service: BookingService | null;
  date: string | null;
  /** The date the URL asked for (shown as out of range when `date` is null). */
  dateRequested: string;
  slots: string[];
  time: string | null;
  /** The URL's time is no longer free. */
  timeGone: boolean;
  closed: { reason: string | null } | null;
  /** Step 2 offers 'Avise-me se abrir um horário' for this day (components/booking/waitlist-offer.tsx). */
  waitlist: boolean;
  /** The periods its form offers: those in which a time could open that day. */
  waitlistPeriods: WaitlistPeriod[];
  /** Step 3 from a waiting-list offer's link: the customer's data as they signed up, filled in. */
  prefill: { name: string; phone: string; email: string } | null;
  today: string;
  maxDate: string;
  /**
   * Deposits charged online by this professional (issue 23): the refund rule steps 1-3 say beside
   * a deposit, and whether the chosen service's is due (step 3 asks the e-mail). Null: the static Pix.
   */
  deposit: { online: boolean; rule: string } | null;
};

/** A refused 'Confirmar': the message, beside its field, and what was typed. */
export type BookingAnswer = { field: BookingField; message: string; fields: { name: string; phone: string; email: string; notes: string } };

/** The chosen professional's URL value. */
export const chosenValue = (chosen: ChosenProfessional) => (typeof chosen === "string" ? chosen : chosen.id);

/** 'Qualquer profissional', or the member's name. */
export const chosenName = (chosen: ChosenProfessional) =>
  typeof chosen === "string" ? "Qualquer profissional" : chosen.fullName || chosen.businessName;

/** The professional chosen on the salon's page, as the first part of a step's query (else ""). */
export function chosenQuery(chosen: ChosenProfessional | null) {
  return chosen ? `profissional=${encodeURIComponent(chosenValue(chosen))}&` : "";
}

/** The professional chosen, kept as a hidden field of a step's form. */
export function ChosenField({ chosen }: { chosen: ChosenProfessional | null }) {
  return chosen ? <input type="hidden" name="profissional" value={chosenValue(chosen)} /> : null;
}

/** The salon's way back to step 0. */
export function BackToTeam({ team }: { team: BookingView["team"] }) {
  if (!team) return null;
  return (
    <Link to="?" className="btn-link">
      Trocar profissional
    </Link>
  );
}

/** A step's number in its heading: the salon's page has step 0 'Profissional' before them. */
export const stepNumber = (view: Pick<BookingView, "team">, step: 1 | 2 | 3) => (view.team ? step + 1 : step);
