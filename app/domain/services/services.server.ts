// A professional's services and their categories. Every statement carries the professional's id
// in its WHERE: someone else's id matches nothing, and the caller answers 404.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { categories, services } from "../../../db/schema";
import type { Db } from "../../utils/db.server";

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

export type CategoryRow = { id: string; name: string; slug: string };

export async function listCategories(db: Db, userId: string): Promise<CategoryRow[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.name));
  return rows.sort((a, b) => collator.compare(a.name, b.name));
}

/** A service as the services screen lists it, with its category (money in centavos). */
export type ServiceRow = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  durationMinutes: number;
  bufferMinutes: number;
  color: string;
  isActive: boolean;
  requiresDeposit: boolean;
  depositCents: number;
  categoryId: string | null;
  categoryName: string | null;
  categorySlug: string | null;
};

/** A service as the professional set it up (checked by the service form). */
export type ServiceFields = {
  name: string;
  description: string;
  priceCents: number;
  durationMinutes: number;
  bufferMinutes: number;
  categoryId: string | null;
  color: string;
  requiresDeposit: boolean;
  depositCents: number;
};

/** A category: its name and its code ('Código', unique per professional). */
export type CategoryFields = { name: string; slug: string };

export async function listServices(db: Db, userId: string): Promise<ServiceRow[]> {
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      priceCents: services.priceCents,
      durationMinutes: services.durationMinutes,
      bufferMinutes: services.bufferMinutes,
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

/**
 * The statement that creates the category typed in the service form, unless the professional
 * already has one with its code (another tab may have just made it), and the category id the
 * service then takes: the professional's category with that code.
 */
function inPlaceCategory(db: Db, userId: string, category: CategoryFields) {
  return {
    create: db.insert(categories).values({ ...category, userId }).onConflictDoNothing({ target: [categories.userId, categories.slug] }),
    id: sql<string>`(select ${categories.id} from ${categories} where ${categories.userId} = ${userId} and ${categories.slug} = ${category.slug})`,
  };
}

/** With `newCategory`, the category is created in the same batch. */
export async function createService(db: Db, userId: string, input: ServiceFields, newCategory: CategoryFields | null = null) {
  if (!newCategory) {
    const [row] = await db
      .insert(services)
      .values({ ...input, userId })
      .returning({ id: services.id });
    return row!;
  }
  const category = inPlaceCategory(db, userId, newCategory);
  const [, rows] = await db.batch([
    category.create,
    db
      .insert(services)
      .values({ ...input, userId, categoryId: category.id })
      .returning({ id: services.id }),
  ]);
  return rows[0]!;
}

/** Null when the service is not this professional's. With `newCategory`, as createService. */
export async function updateService(db: Db, userId: string, id: string, input: ServiceFields, newCategory: CategoryFields | null = null) {
  const update = (categoryId: ServiceFields["categoryId"] | SQL<string>) =>
    db
      .update(services)
      .set({ ...input, categoryId })
      .where(and(eq(services.id, id), eq(services.userId, userId)))
      .returning({ id: services.id });
  if (!newCategory) return (await update(input.categoryId))[0] ?? null;
  // Checked first: a category is never created for someone else's service.
  if (!(await getService(db, userId, id))) return null;
  const category = inPlaceCategory(db, userId, newCategory);
  const [, rows] = await db.batch([category.create, update(category.id)]);
  return rows[0] ?? null;
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

export async function createCategory(db: Db, userId: string, input: CategoryFields) {
  const [row] = await db
    .insert(categories)
    .values({ ...input, userId })
    .returning({ id: categories.id });
  return row!;
}

export async function updateCategory(db: Db, userId: string, id: string, input: CategoryFields) {
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
