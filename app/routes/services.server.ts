import { and, asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { categories, services } from "../../db/schema";
import type { ServiceView } from "../components/services/types";
import { NO_CATEGORY } from "../components/services/urls";
import type { Db } from "../utils/db.server";
import type { CategoryInput, ServiceInput } from "../validation/services";

// Every statement here carries the professional's id in its WHERE: someone else's id
// matches nothing, and the caller answers 404.

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

export function notFound(): never {
  throw data(null, { status: 404 });
}

export type CategoryRow = { id: string; name: string; slug: string };

export async function listCategories(db: Db, userId: string): Promise<CategoryRow[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.name));
  return rows.sort((a, b) => collator.compare(a.name, b.name));
}

export type ServiceRow = ServiceView;

export async function listServices(db: Db, userId: string): Promise<ServiceRow[]> {
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      priceCents: services.priceCents,
      durationMinutes: services.durationMinutes,
      color: services.color,
      isActive: services.isActive,
      requiresDeposit: services.requiresDeposit,
      depositCents: services.depositCents,
      categoryId: services.categoryId,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(services)
    // The join also checks the owner, so a category can never leak across accounts.
    .leftJoin(
      categories,
      and(eq(categories.id, services.categoryId), eq(categories.userId, services.userId)),
    )
    .where(eq(services.userId, userId));
  return rows.sort((a, b) => collator.compare(a.name, b.name));
}

export async function getService(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.userId, userId)));
  return row ?? null;
}

export async function getCategory(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.userId, userId)));
  return row ?? null;
}

export async function createService(db: Db, userId: string, input: ServiceInput) {
  const [row] = await db
    .insert(services)
    .values({ ...input, userId })
    .returning({ id: services.id });
  return row!;
}

/** Null when the service is not this professional's. */
export async function updateService(db: Db, userId: string, id: string, input: ServiceInput) {
  const [row] = await db
    .update(services)
    .set(input)
    .where(and(eq(services.id, id), eq(services.userId, userId)))
    .returning({ id: services.id });
  return row ?? null;
}

export async function setServiceActive(db: Db, userId: string, id: string, isActive: boolean) {
  const [row] = await db
    .update(services)
    .set({ isActive })
    .where(and(eq(services.id, id), eq(services.userId, userId)))
    .returning({ id: services.id, isActive: services.isActive });
  return row ?? null;
}

/**
 * Past appointments and booking requests keep their copied service name and price: their
 * service_id becomes NULL (ON DELETE SET NULL), nothing else changes.
 */
export async function deleteService(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(services)
    .where(and(eq(services.id, id), eq(services.userId, userId)))
    .returning({ id: services.id });
  return row ?? null;
}

export async function createCategory(db: Db, userId: string, input: CategoryInput) {
  const [row] = await db
    .insert(categories)
    .values({ ...input, userId })
    .returning({ id: categories.id });
  return row!;
}

export async function updateCategory(db: Db, userId: string, id: string, input: CategoryInput) {
  const [row] = await db
    .update(categories)
    .set(input)
    .where(and(eq(categories.id, id), eq(categories.userId, userId)))
    .returning({ id: categories.id });
  return row ?? null;
}

/**
 * Deletes a category; its services stay, without a category ('Sem categoria'). The
 * explicit UPDATE does what the foreign key's ON DELETE SET NULL does, in the same batch,
 * so the outcome does not depend on the database enforcing foreign keys.
 */
export async function deleteCategory(db: Db, userId: string, id: string) {
  const [, deleted] = await db.batch([
    db
      .update(services)
      .set({ categoryId: null })
      .where(and(eq(services.userId, userId), eq(services.categoryId, id))),
    db
      .delete(categories)
      .where(and(eq(categories.id, id), eq(categories.userId, userId)))
      .returning({ id: categories.id }),
  ]);
  return deleted[0] ?? null;
}

/** True for the unique index on (user_id, slug) losing a race with another request. */
export function isSlugConflict(error: unknown) {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return text.includes("UNIQUE constraint failed") && text.includes("categories");
}

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
