// Deleting an account: the Stripe subscription cancelled first, then every row of the user
// (docs/decisions/0444-0446).
import { count, eq, inArray } from "drizzle-orm";
import {
  appointments,
  bookingRequests,
  bookingRequestTokens,
  categories,
  clients,
  emailOutbox,
  reminderOptOuts,
  whatsappOutbox,
  linkedAccounts,
  passwordResetTokens,
  paymentAccounts,
  profiles,
  pushOutbox,
  pushSubscriptions,
  services,
  sessions,
  storedImages,
  subscriptions,
  users,
  workingHours,
} from "../../../db/schema";
import type { Db } from "../../utils/db.server";
import { countersOfAccount } from "../../utils/rate-limit.server";
import { cancelStripeSubscription, StripeError, stripeConfigured } from "../../utils/stripe.server";

export type DeleteResult = { ok: true } | { ok: false; reason: "stripe" };

/**
 * Deletes the account: first the Stripe subscription is cancelled (when there is one to
 * cancel and Stripe is configured); if that fails nothing is deleted, so nobody keeps paying
 * for an account that no longer exists (docs/decisions/0444). Then every row of the user goes in
 * one batch (docs/decisions/0445).
 */
export async function deleteAccount(db: Db, userId: string): Promise<DeleteResult> {
  const [[user], [subscription]] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);
  if (!user) return { ok: true };
  if (subscription?.stripeSubscriptionId && subscription.status !== "cancelled") {
    if (stripeConfigured()) {
      try {
        await cancelStripeSubscription(subscription.stripeSubscriptionId);
      } catch (error) {
        // Already gone at Stripe: nothing left to bill.
        if (!(error instanceof StripeError && error.status === 404)) {
          console.error("account deletion: cancelling the Stripe subscription failed", error);
          return { ok: false, reason: "stripe" };
        }
      }
    } else {
      console.warn(`account deletion: subscription ${subscription.stripeSubscriptionId} kept (Stripe not configured)`);
    }
  }
  await deleteAccountRows(db, userId, user.email);
  return { ok: true };
}

/** Every row of the user, explicitly (not trusting ON DELETE CASCADE alone), in one batch. */
export async function deleteAccountRows(db: Db, userId: string, email: string) {
  const requestIds = db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(eq(bookingRequests.professionalId, userId));
  await db.batch([
    db.delete(bookingRequestTokens).where(inArray(bookingRequestTokens.bookingRequestId, requestIds)),
    db.delete(bookingRequests).where(eq(bookingRequests.professionalId, userId)),
    db.delete(appointments).where(eq(appointments.userId, userId)),
    db.delete(clients).where(eq(clients.userId, userId)),
    db.delete(services).where(eq(services.userId, userId)),
    db.delete(categories).where(eq(categories.userId, userId)),
    db.delete(workingHours).where(eq(workingHours.userId, userId)),
    // Seats they gave: those people lose access through this account at their next request.
    db.delete(linkedAccounts).where(eq(linkedAccounts.ownerId, userId)),
    // A seat someone else gave them goes back to an open invitation for that e-mail.
    db
      .update(linkedAccounts)
      .set({ status: "pending", linkedUserId: null })
      .where(eq(linkedAccounts.linkedUserId, userId)),
    db.delete(profiles).where(eq(profiles.userId, userId)),
    db.delete(storedImages).where(eq(storedImages.userId, userId)),
    db.delete(subscriptions).where(eq(subscriptions.userId, userId)),
    // The sealed tokens of their connected payment account (Mercado Pago).
    db.delete(paymentAccounts).where(eq(paymentAccounts.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    // Messages addressed to them hold personal data (reset links, names).
    db.delete(emailOutbox).where(eq(emailOutbox.to, email)),
    // And messages sent on their behalf (reminders to their customers, summaries).
    db.delete(emailOutbox).where(eq(emailOutbox.professionalId, userId)),
    db.delete(whatsappOutbox).where(eq(whatsappOutbox.professionalId, userId)),
    // Their devices' push subscriptions and the notifications waiting for them.
    db.delete(pushOutbox).where(eq(pushOutbox.professionalId, userId)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.professionalId, userId)),
    db.delete(reminderOptOuts).where(eq(reminderOptOuts.professionalId, userId)),
    countersOfAccount(db, userId, email),
    db.delete(users).where(eq(users.id, userId)),
  ]);
}

/** What the form warns about: a paid subscription to cancel, linked accounts that lose access. */
export async function deletionFacts(db: Db, userId: string) {
  const [[links], [sub]] = await Promise.all([
    db.select({ n: count() }).from(linkedAccounts).where(eq(linkedAccounts.ownerId, userId)),
    db
      .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
  ]);
  return {
    paidSubscription: !!sub?.stripeSubscriptionId && sub.status !== "cancelled",
    linkedCount: links?.n ?? 0,
  };
}
