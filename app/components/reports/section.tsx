import type { ReactNode } from "react";

/** A card with a heading, an optional line defining its figures, and its content. */
export function ReportSection({
  id,
  title,
  definition,
  actions,
  children,
  className = "",
}: {
  id: string;
  title: string;
  /** How the figures are computed, shown under the title (phones have no hover tooltips). */
  definition?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={`card min-w-0 p-4 sm:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-base font-semibold sm:text-lg">
            {title}
          </h2>
          {definition ? <p className="mt-0.5 text-xs text-slate-500">{definition}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A quiet one-line message for a section with nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{children}</p>;
}
