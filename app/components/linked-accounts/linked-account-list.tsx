import { Link } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";
import { InviteInstructions } from "./invite-instructions";
import { STATUS_LABELS } from "../../validation/linked-accounts";

type LinkedAccountItem = {
  id: string;
  email: string;
  status: "pending" | "active";
  name: string | null;
  addedOn: string;
  invite: string | null;
  /** An active member's commission rule, and the link to change it. */
  commission: { summary: string; defined: boolean; href: string } | null;
};

const BADGE = {
  pending: "bg-amber-100 text-amber-800",
  active: "bg-emerald-100 text-emerald-800",
} as const;

/**
 * The owner's linked professionals. 'Remover' asks first (a link to `?remover={id}`, so it works
 * the same with and without JavaScript); only the confirmation's button removes.
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
  const confirming = items.find((item) => item.id === confirmId);
  return (
    <>
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
            {item.commission ? (
              <p className="mt-1 text-sm text-slate-700" data-testid="linked-commission">
                {item.commission.summary}
                {" · "}
                <Link to={item.commission.href} className="btn-link" aria-label={`${item.commission.defined ? "Alterar" : "Definir"} comissão de ${item.name ?? item.email}`}>
                  {item.commission.defined ? "Alterar" : "Definir"}
                </Link>
              </p>
            ) : null}
            {item.invite ? <InviteInstructions text={item.invite} email={item.email} /> : null}
          </li>
        ))}
      </ul>
      {confirming ? (
        <ConfirmDialog
          title={`Remover a conta vinculada ${confirming.email}?`}
          question="Essa pessoa perde na hora o acesso que tem pelo seu plano. A agenda, os clientes e os dados dela não são apagados."
          intent="remove"
          id={confirming.id}
          confirmLabel="Sim, remover"
          pendingLabel="Removendo..."
          cancelHref={self}
        />
      ) : null}
    </>
  );
}
