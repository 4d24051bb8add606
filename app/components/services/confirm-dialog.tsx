import { useId, type ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * A confirmation step reached by a link (so it works without JavaScript): an overlay with
 * the question, a form that does the destructive action, and 'Cancelar' back.
 */
export function ConfirmDialog({
  title,
  question,
  children,
  intent,
  id,
  confirmLabel,
  cancelHref,
  pending,
}: {
  title: string;
  question: ReactNode;
  children?: ReactNode;
  intent: string;
  id: string;
  confirmLabel: string;
  cancelHref: string;
  pending: boolean;
}) {
  const titleId = useId();
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="card w-full max-w-md space-y-3"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-slate-800">{question}</p>
        {children}
        <Form method="post" preventScrollReset className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Link to={cancelHref} preventScrollReset className="btn-secondary">
            Cancelar
          </Link>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <button type="submit" className="btn-danger" disabled={pending} autoFocus>
            {pending ? "Excluindo..." : confirmLabel}
          </button>
        </Form>
      </div>
    </div>
  );
}
