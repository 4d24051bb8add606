// Linked accounts (Configurações > Contas): an owner on a paid plan invites professionals by
// e-mail; each has their own data and workspace and gets access through the owner's plan.
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { linkedAccounts, profiles, users } from "../../../db/schema";
import { linkedSeats, seatsLeft, type SeatSubscription } from "./access";
import type { CurrentUser } from "./access.server";
import type { Db } from "../../utils/db.server";
import type { EmailMessage } from "../../utils/email.server";
import { appUrl } from "../../utils/env.server";

export type LinkedAccountRow = {
  id: string;
  email: string;
  status: "pending" | "active";
  name: string | null;
  /** The member's user id once active. */
  userId: string | null;
  createdAt: Date;
};

/** The owner's links, newest first, with the registered professional's name once active. */
export async function listLinkedAccounts(db: Db, ownerId: string): Promise<LinkedAccountRow[]> {
  const rows = await db
    .select({
      id: linkedAccounts.id,
      email: linkedAccounts.linkedUserEmail,
      status: linkedAccounts.status,
      name: profiles.fullName,
      userId: linkedAccounts.linkedUserId,
      createdAt: linkedAccounts.createdAt,
    })
    .from(linkedAccounts)
    .leftJoin(profiles, eq(profiles.userId, linkedAccounts.linkedUserId))
    .where(eq(linkedAccounts.ownerId, ownerId))
    .orderBy(desc(linkedAccounts.createdAt), desc(linkedAccounts.id));
  return rows.map((r) => ({ ...r, name: r.status === "active" ? r.name : null, userId: r.status === "active" ? r.userId : null }));
}

export async function countLinkedAccounts(db: Db, ownerId: string) {
  const [row] = await db.select({ n: count() }).from(linkedAccounts).where(eq(linkedAccounts.ownerId, ownerId));
  return row?.n ?? 0;
}

/** The team this user belongs to (active link), for the page and the suspended screen. */
export async function findLinkedOwner(db: Db, userId: string) {
  const [row] = await db
    .select({
      ownerId: linkedAccounts.ownerId,
      email: users.email,
      businessName: profiles.businessName,
      fullName: profiles.fullName,
    })
    .from(linkedAccounts)
    .innerJoin(users, eq(users.id, linkedAccounts.ownerId))
    .innerJoin(profiles, eq(profiles.userId, linkedAccounts.ownerId))
    .where(and(eq(linkedAccounts.linkedUserId, userId), eq(linkedAccounts.status, "active")))
    .limit(1);
  return row ?? null;
}

export type SeatInfo = {
  /** Professionals besides the owner the plan allows; null = unlimited. */
  seats: number | null;
  used: number;
  left: number | null;
};

export async function seatInfo(db: Db, owner: Pick<CurrentUser, "id" | "subscription">, now = new Date()): Promise<SeatInfo> {
  const used = await countLinkedAccounts(db, owner.id);
  const sub = owner.subscription as SeatSubscription | null;
  return { seats: linkedSeats(sub, now), used, left: seatsLeft(sub, used, now) };
}

export type AddRefusal = "own-email" | "member" | "no-seats" | "duplicate" | "team-owner";

export const ADD_ERRORS: Record<AddRefusal, string> = {
  "own-email": "Este é o seu próprio e-mail. Informe o e-mail do profissional que você quer vincular.",
  member: "Sua conta faz parte da equipe de outro profissional e não pode vincular contas.",
  "no-seats": "Seu plano não tem vagas para mais profissionais. Remova uma conta ou mude para um plano maior.",
  duplicate: "Este email já está vinculado a uma conta",
  "team-owner": "Este e-mail é de um profissional que já tem a própria equipe e não pode ser vinculado.",
};

/**
 * Adds a pending link for `email`. The seat check and the insert are one conditional
 * statement, so two adds racing for the last seat cannot both win; the unique index on the
 * e-mail refuses a duplicate, whoever the other owner is.
 */
export async function addLinkedAccount(
  db: Db,
  owner: Pick<CurrentUser, "id" | "email" | "subscription" | "linkedOwnerId">,
  rawEmail: string,
  now = new Date(),
): Promise<{ ok: true; id: string } | { ok: false; reason: AddRefusal }> {
  const email = rawEmail.trim().toLowerCase();
  if (email === owner.email.toLowerCase()) return { ok: false, reason: "own-email" };
  if (owner.linkedOwnerId) return { ok: false, reason: "member" };
  const seats = linkedSeats(owner.subscription as SeatSubscription | null, now);
  if (seats === 0) return { ok: false, reason: "no-seats" };

  const [existing] = await db
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(eq(linkedAccounts.linkedUserEmail, email))
    .limit(1);
  if (existing) return { ok: false, reason: "duplicate" };
  const [teamOwner] = await db
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .innerJoin(users, eq(users.id, linkedAccounts.ownerId))
    .where(eq(users.email, email))
    .limit(1);
  if (teamOwner) return { ok: false, reason: "team-owner" };

  const id = crypto.randomUUID();
  const at = now.getTime();
  const seatFree =
    seats === null ? sql`1` : sql`(select count(*) from linked_accounts where owner_id = ${owner.id}) < ${seats}`;
  try {
    const result = await db.run(sql`insert into linked_accounts
        (id, owner_id, linked_user_email, linked_user_id, status, created_at, updated_at)
      select ${id}, ${owner.id}, ${email}, null, 'pending', ${at}, ${at}
      where ${seatFree}`);
    if (result.rowsAffected !== 1) return { ok: false, reason: "no-seats" };
  } catch (error) {
    const text = String(error) + String((error as { cause?: unknown }).cause ?? "");
    if (text.includes("linked_accounts.linked_user_email") || text.includes("linked_accounts_email_uq")) {
      return { ok: false, reason: "duplicate" };
    }
    throw error;
  }
  return { ok: true, id };
}

/** Removes one of the owner's links; false when it is not theirs (the caller answers 404). */
export async function removeLinkedAccount(db: Db, ownerId: string, id: string) {
  const removed = await db
    .delete(linkedAccounts)
    .where(and(eq(linkedAccounts.id, id), eq(linkedAccounts.ownerId, ownerId)))
    .returning({ email: linkedAccounts.linkedUserEmail });
  return removed[0] ?? null;
}

/** What the invited professional reads, by e-mail and in the copied instructions. */
export function inviteText({ ownerName, email }: { ownerName: string; email: string }) {
  const origin = appUrl();
  return [
    `Olá! ${ownerName} convidou você para usar o Agendo na equipe.`,
    "",
    `1. Crie sua conta em ${origin}/register?email=${encodeURIComponent(email)} usando este e-mail: ${email}`,
    `2. Depois, é só entrar em ${origin}/login. Se você já tem conta no Agendo com esse e-mail, basta entrar.`,
    "",
    "Você terá a sua própria agenda, clientes, serviços e página de agendamento. O plano fica por conta da equipe.",
  ].join("\n");
}

/** The invitation e-mail to the professional added to the team. */
export function inviteEmail(invite: { ownerName: string; email: string }): EmailMessage {
  return { to: invite.email, subject: `${invite.ownerName} convidou você para o Agendo`, text: inviteText(invite) };
}

/**
 * A team member leaves the team they were linked to: the link is removed and their own
 * trial or plan applies again (docs/decisions/0427). False when they were in no team.
 */
export async function leaveTeam(db: Db, userId: string) {
  const removed = await db
    .delete(linkedAccounts)
    .where(and(eq(linkedAccounts.linkedUserId, userId), ne(linkedAccounts.ownerId, userId)))
    .returning({ id: linkedAccounts.id });
  return removed.length > 0;
}

export const LEFT_TEAM = {
  title: "Você saiu da equipe",
  description: "Sua conta segue com os seus dados; o acesso agora depende do seu próprio plano.",
};
