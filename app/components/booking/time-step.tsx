import { Link } from "react-router";
import { TAKEN } from "../../validation/booking";
import { BookingSummary } from "./booking-summary";
import { chosenQuery, chosenValue, stepNumber, type BookingView } from "./page-view";
import { TimePicker } from "./time-picker";
import { WaitlistOffer } from "./waitlist-offer";

// Step 'Escolha data e horário': the summary so far, then the date and its free times.

export function TimeStep({ page }: { page: BookingView }) {
  const { service, date, dateRequested, slots, today, maxDate, timeGone, closed, chosen } = page;
  const n = stepNumber(page, 2);
  return (
    <section className="card mt-4 space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{n}. Escolha data e horário</h3>
        <Link to={`?${chosenQuery(chosen).slice(0, -1)}`} className="btn-link">
          Voltar
        </Link>
      </div>
      <BookingSummary page={page} />
      <TimePicker
        hidden={chosen ? { profissional: chosenValue(chosen), servico: service!.id } : { servico: service!.id }}
        date={date}
        dateRequested={dateRequested}
        today={today}
        maxDate={maxDate}
        times={slots}
        closed={closed}
        error={timeGone ? TAKEN : null}
      />
      {page.waitlist ? <WaitlistOffer page={page} /> : null}
    </section>
  );
}
