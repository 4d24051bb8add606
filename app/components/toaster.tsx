import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Toast, ToastAction } from "../utils/toast.server";
import { useHydrated } from "./use-hydrated";

const STYLES = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-slate-300 bg-white text-slate-900",
} as const;

/**
 * Shows the flash message of the last redirect. Without JavaScript it stays as a banner;
 * with it, it disappears after 5 seconds (spec: one toast at a time, 5000 ms) — unless it offers
 * something to do ('Desfazer', 'Avisar no WhatsApp'): that one stays until closed or replaced.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast || toast.actions?.length) return;
    const timer = setTimeout(() => setVisible(null), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    // Without JavaScript the message is a banner in the page flow (it cannot be closed, so
    // it must not cover anything); with it, a floating toast that closes itself.
    <div
      className={
        hydrated
          ? "pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3 sm:inset-x-auto sm:right-4 sm:top-4"
          : "flex justify-center p-3"
      }
      role={visible.type === "error" ? "alert" : "status"}
    >
      <div
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${STYLES[visible.type]}`}
        data-testid="toast"
      >
        <div className="flex-1">
          <p className="font-semibold">{visible.title}</p>
          {visible.description ? <p className="mt-0.5 text-sm">{visible.description}</p> : null}
          {visible.actions?.length ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {visible.actions.map((action) => (
                <ToastButton key={action.label} action={action} />
              ))}
            </div>
          ) : null}
        </div>
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible(null)}
            className="text-lg leading-none opacity-60 hover:opacity-100"
            aria-label="Fechar"
          >
            ×
          </button>
        ) : null}
      </div>
    </div>
  );
}

const ACTION_STYLE = "inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-white/70 disabled:opacity-60";

/** A toast's action: a real form POST (the same with JavaScript off) or a link. */
function ToastButton({ action }: { action: ToastAction }) {
  const navigation = useNavigation();
  if (action.kind === "link") {
    return (
      <a href={action.href} target="_blank" rel="noopener" className={ACTION_STYLE}>
        {action.label}
      </a>
    );
  }
  const busy = navigation.state !== "idle" && navigation.formAction === action.action && navigation.formData?.get("intent") === action.fields.intent;
  return (
    <Form method="post" action={action.action} preventScrollReset>
      {Object.entries(action.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={ACTION_STYLE} disabled={busy}>
        {action.label}
      </button>
    </Form>
  );
}
