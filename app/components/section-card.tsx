import { useId, type ReactNode } from "react";

/**
 * A card of a settings screen: its heading, the line under it, and its content; `aside` sits
 * beside the heading (a link to open the page), `tight` spaces its rows closer.
 */
export function SectionCard({
  title,
  intro,
  aside,
  tight = false,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  aside?: ReactNode;
  tight?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = (
    <div>
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
    </div>
  );
  return (
    <section className={`card p-4 sm:p-6 ${tight ? "space-y-3" : "space-y-4"}`} aria-labelledby={titleId}>
      {aside ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
