import { Form, Link, useNavigation } from "react-router";
import { formatDate } from "../../domain/dates";

/**
 * The confirmation step before deleting (spec: 'Tem certeza que deseja excluir este
 * agendamento?'). A page state reached by a link (?confirmar-exclusao=<id>), so it is the
 * same with or without JavaScript.
 */
export function DeleteDialog({
  appointment,
  cancelHref,
}: {
  appointment: { id: string; date: string; time: string; serviceName: string; clientName: string | null };
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-title"
        aria-describedby="delete-text"
        className="w-full max-w-md rounded-xl bg-white p-5 shadow-xl"
      >
        <h2 id="delete-title" className="text-lg font-semibold">
          Excluir agendamento
        </h2>
        <p id="delete-text" className="mt-2 text-slate-700">
          Tem certeza que deseja excluir este agendamento?
        </p>
        <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {formatDate(appointment.date)} às {appointment.time} ·{" "}
          {appointment.clientName ?? "Cliente não encontrado"} ·{" "}
          {appointment.serviceName || "Serviço não encontrado"}
        </p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelHref} preventScrollReset className="btn-secondary" autoFocus>
            Cancelar
          </Link>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={appointment.id} />
            <button type="submit" name="intent" value="delete" className="btn-danger w-full" disabled={deleting}>
              {deleting ? "Excluindo..." : "Excluir"}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
