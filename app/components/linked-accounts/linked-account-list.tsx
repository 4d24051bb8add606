import { Form, Link, useNavigation } from "react-router";
import { InviteInstructions } from "./invite-instructions";
import { STATUS_LABELS } from "../../validation/linked-accounts";

export type LinkedAccountItem = {
  id: string;
  email: string;
  status: "pending" | "active";
  name: string | null;
  addedOn: string;
  invite: string | null;
};

const BADGE = {
  pending: "bg-amber-100 text-amber-800",
  active: "bg-emerald-100 text-emerald-800",
} as const;

/**
 * The owner's linked professionals. 'Remover' opens a confirmation below the row (a link to
 * `?remover={id}`, so it works the same with and without JavaScript); only its button removes.
 */
export function LinkedAccountList({
  items,
  confirmId,
  self,
}: {
  items: LinkedAccountItem[];
  confirmId: string | null;
  self: string;
}) {
  if (items.length === 0) {
    return <p className="text-sm text-slate-600">Nenhuma conta vinculada ainda.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Contas vinculadas">
      {items.map((item) => (
        <li key={item.id} className="py-3" data-testid="linked-account">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="break-all font-medium text-slate-900">{item.email}</p>
              <p className="text-xs text-slate-500">
                {item.name ? `${item.name} · ` : ""}Adicionada em {item.addedOn}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[item.status]}`}>
                {STATUS_LABELS[item.status]}
              </span>
              {confirmId !== item.id ? (
                <Link
                  to={`?remover=${item.id}`}
                  preventScrollReset
                  className="text-sm font-medium text-red-700 hover:underline"
                  aria-label={`Remover ${item.email}`}
                >
                  Remover
                </Link>
              ) : null}
            </div>
          </div>
          {item.invite ? <InviteInstructions text={item.invite} email={item.email} /> : null}
          {confirmId === item.id ? <RemoveConfirm id={item.id} email={item.email} self={self} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RemoveConfirm({ id, email, self }: { id: string; email: string; self: string }) {
  const navigation = useNavigation();
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove";
  return (
    <div
      className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4"
      role="alertdialog"
      aria-labelledby="remove-link-title"
      aria-describedby="remove-link-text"
    >
      <p id="remove-link-title" className="font-semibold text-red-900">
        Remover a conta vinculada {email}?
      </p>
      <p id="remove-link-text" className="mt-1 text-sm text-red-800">
        Essa pessoa perde na hora o acesso que tem pelo seu plano. A agenda, os clientes e os dados dela não são
        apagados.
      </p>
      <Form method="post" action={self} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="remove" className="btn-danger" disabled={removing}>
          {removing ? "Removendo..." : "Sim, remover"}
        </button>
        <Link to={self} preventScrollReset className="btn-secondary">
          Cancelar
        </Link>
      </Form>
    </div>
  );
}
