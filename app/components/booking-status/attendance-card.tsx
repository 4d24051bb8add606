import { Form } from "react-router";
import type { StatusView } from "./status-view";

// 'Confirmo presença' (the reminder's link lands here with ?confirmar=1, which rings the form),
// or the note that the customer already confirmed.

export function AttendanceCard({ view: d, ask }: { view: StatusView; ask: boolean }) {
  return d.attendance === "open" && !d.reschedule ? (
    <Form
      method="post"
      className={`card space-y-3 text-center ${ask ? "ring-2 ring-brand" : ""}`}
      aria-labelledby="attendance-title"
    >
      <h2 id="attendance-title" className="font-semibold">
        Você vem no dia {d.date} às {d.time}?
      </h2>
      <p className="text-sm text-slate-600">Confirme para {d.professional} saber que pode contar com você.</p>
      <button type="submit" name="intent" value="confirm" className="btn-primary w-full">
        Confirmo presença
      </button>
    </Form>
  ) : d.attendance === "confirmed" ? (
    <p className="card text-center font-medium text-emerald-800" data-testid="attendance-confirmed">
      ✓ Presença confirmada. Até lá!
    </p>
  ) : null;
}
