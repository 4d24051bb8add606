import { useId, useRef, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { RouteDialog } from "./route-dialog";

/**
 * The confirmation step before deleting (or cancelling) something. A page state reached by a
 * link (?confirmar-exclusao=<id>, ?confirmar-cancelamento=<id>), so it is the same without
 * JavaScript: the form posts `intent` and `id` to this page, 'Cancelar' (or 'Voltar') links back.
 * Focus starts on 'Cancelar' (the autofocus attribute on a page load; React only moves it for
 * form fields, hence the dialog's initial focus); with JavaScript, Escape cancels too.
 */
export function ConfirmDialog({
  title,
  question,
  children,
  intent,
  id,
  confirmLabel,
  pendingLabel = "Excluindo...",
  dismissLabel = "Cancelar",
  cancelHref,
  formId,
}: {
  title: string;
  question: ReactNode;
  /** What deleting means here, under the question. */
  children?: ReactNode;
  intent: string;
  /** The `id` posted with the intent, when what is confirmed has one. */
  id?: string;
  confirmLabel: string;
  /** What the confirm button says while it posts. */
  pendingLabel?: string;
  /** The link back, doing nothing ('Cancelar'; 'Voltar' where cancelling is the action itself). */
  dismissLabel?: string;
  cancelHref: string;
  /** The form's id, for fields in `children` that belong to it (`form=` attribute). */
  formId?: string;
}) {
  const titleId = useId();
  const textId = useId();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const cancel = useRef<HTMLAnchorElement>(null);
  return (
    <RouteDialog
      role="alertdialog"
      closeHref={cancelHref}
      initialFocus={cancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="w-full max-w-md space-y-4 rounded-xl bg-white p-5 shadow-xl"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div id={textId} className="space-y-2 text-slate-800">
        <p>{question}</p>
        {children}
      </div>
      <Form method="post" id={formId} preventScrollReset className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value={intent} />
        {id === undefined ? null : <input type="hidden" name="id" value={id} />}
        <Link ref={cancel} to={cancelHref} preventScrollReset className="btn-secondary" autoFocus>
          {dismissLabel}
        </Link>
        <button type="submit" className="btn-danger" disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </Form>
    </RouteDialog>
  );
}
