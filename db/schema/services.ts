// Services: what a professional offers and its categories (app/domain/services).
import { relations } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt } from "./columns";
import { users } from "./accounts";

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_user_slug_uq").on(t.userId, t.slug)],
);

export const services = sqliteTable(
  "services",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: text("category_id").references(() => categories.id, {
      onDelete: "set null",
    }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull().default(0),
    durationMinutes: integer("duration_minutes").notNull().default(30),
    color: text("color").notNull().default("#4F46E5"),
    isActive: bool("is_active").notNull().default(true),
    requiresDeposit: bool("requires_deposit").notNull().default(false),
    depositCents: integer("deposit_cents").notNull().default(0),
    /** 'Intervalo após': minutes after the service that nobody can book (cleaning, setting up). */
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("services_user_idx").on(t.userId, t.name),
    index("services_category_idx").on(t.categoryId),
  ],
);

export const servicesRelations = relations(services, ({ one }) => ({
  category: one(categories, { fields: [services.categoryId], references: [categories.id] }),
}));
