import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";

type Props = { client: { id: string; name: string }; cancelHref: string };

/**
 * The confirmation step before a client is deleted. It is a page state (?confirmar-exclusao=id),
 * so it works the same without JavaScript; with it, Escape cancels and focus moves inside.
 */
export function DeleteClientDialog({ client, cancelHref }: Props) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const cancelRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(cancelHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [cancelHref, navigate]);
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center">
      <section
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-title"
        aria-describedby="delete-text"
        className="w-full max-w-md space-y-4 rounded-2xl bg-white p-5 shadow-xl"
      >
        <h2 id="delete-title" className="text-lg font-semibold">
          Excluir {client.name}?
        </h2>
        <div id="delete-text" className="space-y-2 text-sm text-slate-700">
          <p className="font-medium text-slate-900">Tem certeza que deseja excluir este cliente?</p>
          <p>
            O cadastro será removido. Os agendamentos já feitos continuam na agenda e nos relatórios como
            histórico, sem cliente vinculado. Esta ação não pode ser desfeita.
          </p>
        </div>
        <Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <input type="hidden" name="id" value={client.id} />
          <Link ref={cancelRef} to={cancelHref} preventScrollReset className="btn-secondary">
            Cancelar
          </Link>
          <button type="submit" name="intent" value="delete" className="btn-danger" disabled={deleting}>
            {deleting ? "Excluindo..." : "Excluir cliente"}
          </button>
        </Form>
      </section>
    </div>
  );
}
