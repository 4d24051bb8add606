import { useEffect, useState, useSyncExternalStore } from "react";
import { INSIGHT_ROTATE_MS, type Insight, type InsightTone } from "../../domain/metrics/insights";
import { useHydrated } from "../use-hydrated";

const TONES: Record<InsightTone, { badge: string; label: string; icon: string }> = {
  positive: { badge: "bg-emerald-100 text-emerald-800", label: "Boa notícia", icon: "▲" },
  alert: { badge: "bg-amber-100 text-amber-900", label: "Atenção", icon: "!" },
  info: { badge: "bg-sky-100 text-sky-900", label: "Dica", icon: "i" },
};

function subscribeReducedMotion(callback: () => void) {
  const query = window.matchMedia("(prefers-reduced-motion: reduce)");
  query.addEventListener("change", callback);
  return () => query.removeEventListener("change", callback);
}

/** True when the visitor asked the system for less motion (false on the server). */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    () => false,
  );
}

function InsightBody({ insight }: { insight: Insight }) {
  const tone = TONES[insight.tone];
  return (
    <div data-testid={`insight-${insight.id}`}>
      <p className="flex items-center gap-2">
        <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${tone.badge}`}>
          <span aria-hidden>{tone.icon}</span> {tone.label}
        </span>
        <span className="font-semibold">{insight.title}</span>
      </p>
      <p className="mt-1.5 text-sm text-slate-700">{insight.text}</p>
    </div>
  );
}

/**
 * 'Dicas do seu negócio': rule-based tips computed from the professional's data (no AI).
 * Without JavaScript a plain list; with it a carousel that moves every 8 seconds, pauses on
 * hover and focus, has previous/next buttons and does not move by itself when the system
 * asks for reduced motion.
 */
export function InsightsCarousel({ insights }: { insights: Insight[] }) {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = insights.length;
  const paused = hovered || focused || reducedMotion;

  useEffect(() => {
    if (!hydrated || paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INSIGHT_ROTATE_MS);
    return () => clearInterval(timer);
  }, [hydrated, paused, count]);

  const current = insights[Math.min(index, count - 1)];
  if (!hydrated || count < 2 || !current) {
    return (
      <section className="card" aria-labelledby="insights-title" data-testid="insights">
        <InsightsHeader />
        <InsightsList insights={insights} />
      </section>
    );
  }

  return (
    <section
      className="card"
      aria-labelledby="insights-title"
      aria-roledescription="carrossel"
      data-testid="insights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="flex items-start justify-between gap-2">
        <InsightsHeader />
        <CarouselControls index={index} count={count} onStep={(step) => setIndex((i) => (i + step + count) % count)} />
      </div>
      <div
        className="mt-3 min-h-28"
        aria-live={paused ? "polite" : "off"}
        aria-roledescription="dica"
        aria-label={`${index + 1} de ${count}`}
        role="group"
      >
        <InsightBody insight={current} />
      </div>
    </section>
  );
}

function InsightsHeader() {
  return (
    <div>
      <h2 id="insights-title" className="font-semibold">
        Dicas do seu negócio
      </h2>
      <p className="text-xs text-slate-500">Calculadas a partir da sua agenda e dos seus clientes.</p>
    </div>
  );
}

/** Every tip at once: without JavaScript, or with a single tip. */
function InsightsList({ insights }: { insights: Insight[] }) {
  return (
    <ul className="mt-3 space-y-4">
      {insights.map((insight) => (
        <li key={insight.id}>
          <InsightBody insight={insight} />
        </li>
      ))}
    </ul>
  );
}

/** 'Dica anterior', the position ('2 de 5') and 'Próxima dica'. */
function CarouselControls({ index, count, onStep }: { index: number; count: number; onStep: (step: 1 | -1) => void }) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <button
        type="button"
        className="flex size-9 items-center justify-center rounded-lg border border-slate-300 hover:bg-slate-50"
        onClick={() => onStep(-1)}
        aria-label="Dica anterior"
      >
        ‹
      </button>
      <span className="min-w-10 text-center text-xs tabular-nums text-slate-500" data-testid="insights-position">
        {index + 1} de {count}
      </span>
      <button
        type="button"
        className="flex size-9 items-center justify-center rounded-lg border border-slate-300 hover:bg-slate-50"
        onClick={() => onStep(1)}
        aria-label="Próxima dica"
      >
        ›
      </button>
    </div>
  );
}
