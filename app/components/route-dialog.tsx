import { useEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "./use-hydrated";

type RouteDialogProps = Omit<HTMLAttributes<HTMLDivElement>, "role" | "children"> & {
  /** Where closing goes: Escape with JavaScript, and the backdrop when `backdropCloses`. */
  closeHref: string;
  /** "alertdialog" for a question that wants an answer (a confirmation). */
  role?: "dialog" | "alertdialog";
  /** Tapping the dimmed page closes too (a link, so also without JavaScript). */
  backdropCloses?: boolean;
  /** Without JavaScript a plain part of the page, in its flow, instead of an overlay. */
  inlineWithoutJs?: boolean;
  /** A phone's bottom sheet: the panel flush with the screen's bottom edge. */
  sheet?: boolean;
  /** What gets the focus on opening (the panel itself by default). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focus again when this changes (another appointment in the same dialog). */
  focusKey?: string;
  panelRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
};

/**
 * The one shell of every dialog that is a page state (?ver=<id>, ?confirmar-exclusao=<id>,
 * ?assistente=1): reached by a link, so the same page without JavaScript, and closed by a link
 * back. It owns the role, aria-modal, the overlay, the first focus and, with JavaScript, Escape.
 * Label it with `aria-labelledby` (and `aria-describedby`) like any element.
 */
export function RouteDialog({
  closeHref,
  role = "dialog",
  backdropCloses = false,
  inlineWithoutJs = false,
  sheet = false,
  initialFocus,
  focusKey,
  panelRef,
  className = "",
  children,
  ...panel
}: RouteDialogProps) {
  const hydrated = useHydrated();
  const modal = hydrated || !inlineWithoutJs;
  const navigate = useNavigate();
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = panelRef ?? ownRef;

  useEffect(() => {
    if (modal) (initialFocus?.current ?? ref.current)?.focus();
  }, [modal, focusKey, initialFocus, ref]);
  useEffect(() => {
    if (!modal) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [modal, closeHref, navigate]);

  const body = (
    <div
      {...panel}
      ref={ref}
      tabIndex={-1}
      role={modal ? role : undefined}
      aria-modal={modal ? true : undefined}
      className={`outline-none ${modal ? "relative" : ""} ${className}`}
    >
      {children}
    </div>
  );
  if (!modal) return body;
  const backdrop = "absolute inset-0 bg-slate-900/50";
  // m-0!: a parent's space-y margin would otherwise lift the overlay's bottom edge.
  return (
    <div className={`fixed inset-0 z-40 m-0! flex items-end justify-center sm:items-center ${sheet ? "sm:p-4" : "p-3"}`}>
      {backdropCloses ? (
        <Link to={closeHref} preventScrollReset tabIndex={-1} aria-hidden className={backdrop} />
      ) : (
        <div aria-hidden className={backdrop} />
      )}
      {body}
    </div>
  );
}
