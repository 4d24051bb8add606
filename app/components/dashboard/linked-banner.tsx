import { useEffect, useState } from "react";
import { useHydrated } from "../use-hydrated";
import { UsersIcon } from "./icons";

const LINKED_BANNER_KEY = "agendo:aviso-equipe-fechado";

/**
 * Shown to a linked account. With JavaScript it can be closed for the rest of the browser
 * session (sessionStorage); without it, it simply stays.
 */
export function LinkedBanner({ ownerBusinessName }: { ownerBusinessName: string }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      if (window.sessionStorage.getItem(LINKED_BANNER_KEY) === "1") setDismissed(true);
    } catch {
      // Storage blocked (private mode): the banner stays, which is harmless.
    }
  }, []);
  if (dismissed) return null;
  function dismiss() {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(LINKED_BANNER_KEY, "1");
    } catch {
      // Closed for this page only.
    }
  }
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-brand/30 bg-brand/5 p-4 text-slate-800"
      role="status"
      data-testid="linked-banner"
    >
      <UsersIcon className="mt-0.5 size-5 text-brand" />
      <p className="flex-1 text-sm leading-6">
        Você faz parte da equipe de <strong>{ownerBusinessName}</strong>.
      </p>
      {hydrated ? (
        <button
          type="button"
          onClick={dismiss}
          className="-m-1 rounded-lg p-1 text-lg leading-none text-slate-500 hover:text-slate-800"
          aria-label="Fechar aviso da equipe"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
