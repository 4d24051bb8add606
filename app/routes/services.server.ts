import { NO_CATEGORY } from "../components/services/urls";

// The services screen's own helpers: the list's search and category filter, the stat cards.
import type { ServiceRow } from "../domain/services/services.server";

// ---------------------------------------------------------------- list screen

const normalize = (text: string) =>
  text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();

export function filterServices(rows: ServiceRow[], q: string, categorySlug: string) {
  const needle = normalize(q);
  return rows.filter((s) => {
    if (categorySlug === NO_CATEGORY && s.categorySlug !== null) return false;
    if (categorySlug && categorySlug !== NO_CATEGORY && s.categorySlug !== categorySlug) return false;
    if (!needle) return true;
    return normalize(s.name).includes(needle) || normalize(s.categoryName ?? "").includes(needle);
  });
}

export function serviceStats(rows: ServiceRow[], categoryCount: number) {
  const active = rows.filter((s) => s.isActive);
  const average = active.length
    ? Math.round(active.reduce((sum, s) => sum + s.priceCents, 0) / active.length)
    : 0;
  return {
    active: active.length,
    inactive: rows.length - active.length,
    averagePriceCents: average,
    total: rows.length,
    categories: categoryCount,
  };
}
