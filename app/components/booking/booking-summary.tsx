import { formatDate } from "../../domain/dates";
import { chosenName, type BookingView } from "./page-view";
import { DepositNote, ServiceFacts, variesByProfessional, VariesNote } from "./service-facts";

// What the customer has chosen so far, above steps 2 and 3: the professional (on 'Qualquer
// profissional' at step 3, the member who takes the time), the service with its figures, the
// date and the time.

export function BookingSummary({ page }: { page: BookingView }) {
  const { service, date, time, pro, chosen, finalOffer } = page;
  if (!service) return null;
  // Once a time is chosen on 'Qualquer profissional', the member who takes it and their own service.
  const shown = finalOffer?.service ?? service;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="booking-summary">
      {chosen ? (
        <>
          <dt className="text-slate-500">Profissional</dt>
          <dd className="font-medium">
            {finalOffer ? (
              <>
                {finalOffer.professional.fullName || finalOffer.professional.businessName}
                <span className="block text-xs font-normal text-slate-500">quem atende neste horário</span>
              </>
            ) : (
              chosenName(chosen)
            )}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-500">Serviço</dt>
      <dd className="font-medium">
        {service.name} · <ServiceFacts service={shown} showPrices={pro.showPrices} />
        {finalOffer || !variesByProfessional(shown) ? null : <VariesNote />}
        <DepositNote service={shown} rule={page.deposit?.rule} />
      </dd>
      {date ? (
        <>
          <dt className="text-slate-500">Data</dt>
          <dd className="font-medium">{formatDate(date, true)}</dd>
        </>
      ) : null}
      {time ? (
        <>
          <dt className="text-slate-500">Horário</dt>
          <dd className="font-medium">{time}</dd>
        </>
      ) : null}
    </dl>
  );
}
