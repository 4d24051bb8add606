import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "../use-hydrated";

/** The guide appears after 1 s, its highlight after 1.2 s. */
export const GUIDE_DELAY_MS = 1_000;
const HIGHLIGHT_DELAY_MS = 1_200;

/**
 * When the guide and its highlight show. With JavaScript: the guide after 1 s, the highlight
 * after 1.2 s. Without it (server HTML), the highlight is on from the start and the guide is a
 * plain card inside <noscript>.
 */
export function useGuideTiming(active: boolean) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const [highlight, setHighlight] = useState(false);
  useEffect(() => {
    if (!active) return;
    const show = setTimeout(() => setVisible(true), GUIDE_DELAY_MS);
    const ring = setTimeout(() => setHighlight(true), HIGHLIGHT_DELAY_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(ring);
      setVisible(false);
      setHighlight(false);
    };
  }, [active]);
  if (!active) return { floating: false, highlight: false };
  return hydrated ? { floating: visible, highlight } : { floating: false, highlight: true };
}

/**
 * 'Boas-vindas!' (a greeting that needs no gender, docs/decisions/1071): shown until 'Entendi!' (a plain form post that sets users.guide_seen_at, so it
 * stays dismissed on every device). It sits right above the first-steps button it points at:
 * with JavaScript floating over the checklist (never over the button), without it in the flow.
 */
function WelcomeGuide({ firstName, floating }: { firstName: string; floating: boolean }) {
  const navigation = useNavigation();
  const ref = useRef<HTMLDivElement>(null);
  // On a phone the checklist is below the cards: bring the guide into view, unless the
  // professional has already scrolled somewhere on their own.
  useEffect(() => {
    const el = ref.current;
    if (!floating || !el || window.scrollY > 0) return;
    const box = el.getBoundingClientRect();
    const button = el.parentElement?.nextElementSibling?.getBoundingClientRect();
    const bottom = Math.max(box.bottom, button?.bottom ?? 0);
    if (box.top >= 0 && bottom <= window.innerHeight) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: window.scrollY + box.top - 80, behavior: reduce ? "auto" : "smooth" });
  }, [floating]);
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "guide-seen";
  // Its own ids: the <noscript> copy and the floating one may both be in the page.
  const id = useId();
  return (
    <div
      ref={ref}
      className={
        floating
          ? "absolute inset-x-0 bottom-full z-20 mb-4 max-w-md rounded-2xl border border-brand/40 bg-white p-5 shadow-2xl"
          : "relative mb-4 max-w-md rounded-2xl border border-brand/40 bg-white p-5 shadow-sm"
      }
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="welcome-guide"
    >
      {/* The arrow towards the button below. */}
      <span
        aria-hidden
        className="absolute -bottom-2 left-8 size-4 rotate-45 border-b border-r border-brand/40 bg-white"
      />
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Boas-vindas!
      </h2>
      <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
        {firstName}, comece pelos <strong>Primeiros passos</strong>: em poucos minutos seu perfil, seus
        horários e seus serviços ficam prontos e sua página de agendamento já pode receber clientes.
      </p>
      <Form method="post" action="/dashboard" className="mt-4 flex justify-end" preventScrollReset>
        <button type="submit" name="intent" value="guide-seen" className="btn-primary" disabled={sending}>
          Entendi!
        </button>
      </Form>
    </div>
  );
}

/** The guide for both worlds: floating after 1 s with JavaScript, a card in <noscript> without. */
export function WelcomeGuideSlot({ firstName, floating }: { firstName: string; floating: boolean }) {
  return (
    <>
      <noscript>
        <WelcomeGuide firstName={firstName} floating={false} />
      </noscript>
      {floating ? <WelcomeGuide firstName={firstName} floating /> : null}
    </>
  );
}
