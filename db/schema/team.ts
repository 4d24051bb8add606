// Team: a salon's linked accounts and the commissions its owner pays each member (issue 22;
// app/domain/team).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt } from "./columns";
import { users } from "./accounts";
import { services } from "./services";

export const linkedAccounts = sqliteTable(
  "linked_accounts",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkedUserEmail: text("linked_user_email").notNull(),
    linkedUserId: text("linked_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: ["pending", "active"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("linked_accounts_owner_idx").on(t.ownerId),
    uniqueIndex("linked_accounts_email_uq").on(t.linkedUserEmail),
  ],
);

/**
 * What a salon's owner pays a member: a percentage of the services they do (the default for all
 * services), of the products they sell, and whether tips are theirs. Rates in hundredths of a
 * percent (40% = 4000). One row per member of the owner's team.
 */
export const commissionRules = sqliteTable(
  "commission_rules",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    servicesBasisPoints: integer("services_basis_points").notNull(),
    productsBasisPoints: integer("products_basis_points").notNull().default(0),
    tipsToProfessional: bool("tips_to_professional").notNull().default(true),
    updatedBy: text("updated_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("commission_rules_member_uq").on(t.ownerId, t.memberId)],
);

/** A member's own rate for one of their services, over the rule's default for services. */
export const commissionServiceRates = sqliteTable(
  "commission_service_rates",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    basisPoints: integer("basis_points").notNull(),
  },
  (t) => [uniqueIndex("commission_service_rates_uq").on(t.ownerId, t.memberId, t.serviceId)],
);
