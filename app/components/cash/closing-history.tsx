import { formatDate, minutesToTime, nowInZone } from "../../domain/dates";

/** 'Histórico de alterações' of a closed service: who changed what, and when, newest first. */
export function ClosingHistory({ history, timeZone }: { history: { changedAt: Date; who: string | null; lines: string[] }[]; timeZone: string }) {
  const at = (when: Date) => {
    const local = nowInZone(timeZone, new Date(when));
    return { date: formatDate(local.date), time: minutesToTime(local.minute) };
  };
  return (
    <section className="card p-4 sm:p-6" aria-labelledby="historico">
      <h2 id="historico" className="font-semibold">Histórico de alterações</h2>
      <ol className="mt-2 space-y-3 text-sm">
        {history.map((h, i) => (
          <li key={i}>
            <p className="font-medium">
              {h.who ?? "Alguém da equipe"} em {at(h.changedAt).date} às {at(h.changedAt).time}
            </p>
            <ul className="list-disc pl-5 text-slate-700">
              {h.lines.map((line) => <li key={line}>{line}</li>)}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
