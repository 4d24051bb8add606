// A professional with one row of everything, and every row of theirs as it stands: for the abuse
// suites, over HTTP against the e2e server's database (tests/security) and in-process against a
// test database (tests/integration/hostile-input.test.ts).
import { eq } from "drizzle-orm";
import {
  appointments,
  bookingRequests,
  bookingRequestTokens,
  calendarBusy,
  categories,
  clientImports,
  clients,
  externalCalendars,
  linkedAccounts,
  profiles,
  pushSubscriptions,
  services,
  storedImages,
  workingHours,
} from "../../db/schema";
import { createAccount } from "../../app/domain/accounts/registration.server";
import { passwordFields } from "./factories";
import { sha256Hex } from "../../app/utils/password.server";
import type { Db } from "../../app/utils/db.server";

/** Days after today, yyyy-MM-dd (far enough that the professional's zone does not matter). */
export function dayAfter(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

// A 1x1 PNG: stored as a profile photo so /imagens/:id has something to serve.
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export type SeededPro = Awaited<ReturnType<typeof seedProfessional>>;

/** A browser's push keys as a subscription carries them (a P-256 point and a 16-byte secret, base64url). */
export const TEST_P256DH = "BNls293CTZzGHLz5ZnepLit75SKt0m_MHqQmceCCUDOv5hyIioeIGp31TSgv3fYD4_79bwRVNRBo4s3gVZ9zZPA";
export const TEST_AUTH = "8siYJrvYmC2ZZuWQ1w5i1A";

const unique = () => crypto.randomUUID().slice(0, 8);

/** A professional with one row in every table a professional owns (password 'senha123'). */
export async function seedProfessional(db: Db, label: string) {
  const tag = crypto.randomUUID().slice(0, 6);
  const input = { name: `${label} ${tag}`, email: `${label.toLowerCase()}-${unique()}@example.com`, phone: "11987654321", password: "senha123" };
  const account = await createAccount(db, { ...input, ...(await passwordFields(input.password)) });
  const pro = { ...input, id: account.userId, bookingSlug: account.bookingSlug };
  const [category] = await db
    .insert(categories)
    .values({ userId: pro.id, name: `Categoria ${label} ${tag}`, slug: `cat-${tag}` })
    .returning();
  const [service] = await db
    .insert(services)
    .values({ userId: pro.id, categoryId: category!.id, name: `Servico ${label} ${tag}`, priceCents: 5000, durationMinutes: 30 })
    .returning();
  const [client] = await db
    .insert(clients)
    .values({ userId: pro.id, name: `Cliente ${label} ${tag}`, phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, notes: "nota" })
    .returning();
  const date = dayAfter(10);
  const [appointment] = await db
    .insert(appointments)
    .values({
      userId: pro.id,
      clientId: client!.id,
      serviceId: service!.id,
      serviceName: service!.name,
      date,
      startMinute: 600,
      durationMinutes: 30,
      priceCents: 5000,
      status: "scheduled",
    })
    .returning();
  const [request] = await db
    .insert(bookingRequests)
    .values({
      professionalId: pro.id,
      serviceId: service!.id,
      serviceName: service!.name,
      customerName: `Pedido ${label} ${tag}`,
      customerPhone: "11912345678",
      date,
      startMinute: 720,
      durationMinutes: 30,
      priceCents: 5000,
      status: "pending",
    })
    .returning();
  const token = `tok-${crypto.randomUUID()}`;
  await db.insert(bookingRequestTokens).values({ bookingRequestId: request!.id, tokenHash: await sha256Hex(token) });
  const [image] = await db
    .insert(storedImages)
    .values({ userId: pro.id, contentType: "image/png", width: 1, height: 1, byteSize: TINY_PNG.byteLength, data: TINY_PNG })
    .returning({ id: storedImages.id });
  await db.update(profiles).set({ profileImageId: image!.id }).where(eq(profiles.userId, pro.id));
  await db
    .insert(workingHours)
    .values(Array.from({ length: 7 }, (_, dayOfWeek) => ({ userId: pro.id, dayOfWeek, startTime: "08:00", endTime: "20:00" })))
    .onConflictDoNothing();
  const [linked] = await db
    .insert(linkedAccounts)
    .values({ ownerId: pro.id, linkedUserEmail: `vinculo-${unique()}@example.com` })
    .returning();
  const [clientImport] = await db
    .insert(clientImports)
    .values({ userId: pro.id, fileName: "contatos.csv", kind: "csv", content: JSON.stringify([["Nome", "Telefone"], [`Importada ${tag}`, "11955554444"]]), mapping: null })
    .returning({ id: clientImports.id });
  await db.update(clientImports).set({ mapping: JSON.stringify({ name: 0, lastName: null, phone: 1, phone2: null, email: null, birthday: null, notes: null }) }).where(eq(clientImports.id, clientImport!.id));
  // Never due for a refresh (attempted 'in 2099'): the scheduled job leaves the seeded rows as they are.
  const [calendar] = await db
    .insert(externalCalendars)
    .values({ userId: pro.id, name: `Agenda ${label}`, url: "https://calendario.invalid/agenda.ics", attemptedAt: new Date("2099-01-01T00:00:00Z"), refreshedAt: new Date() })
    .returning({ id: externalCalendars.id });
  await db.insert(calendarBusy).values({ calendarId: calendar!.id, userId: pro.id, date, startMinute: 1080, endMinute: 1140 });
  const [device] = await db
    .insert(pushSubscriptions)
    .values({ professionalId: pro.id, endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, p256dh: TEST_P256DH, auth: TEST_AUTH, label: "Chrome no Android" })
    .returning();
  return {
    ...pro,
    ids: {
      clientImport: clientImport!.id,
      calendar: calendar!.id,
      category: category!.id,
      service: service!.id,
      client: client!.id,
      appointment: appointment!.id,
      request: request!.id,
      token,
      image: image!.id,
      linked: linked!.id,
      device: device!.id,
    },
    names: { client: client!.name, service: service!.name, category: category!.name, request: request!.customerName },
    date,
  };
}

const OWNER_COLUMNS = ["user_id", "owner_id", "professional_id", "linked_user_id"];

/**
 * Every row of the database that belongs to this professional, table by table (tables found
 * at run time, so tables added later are covered by their owner column), blobs as hex.
 */
export async function snapshotOf(db: Db, pro: { id: string; email: string }) {
  const client = db.$client;
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name",
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables.rows as unknown as { name: string }[]) {
    if (name === "rate_limits") continue; // counters, not a professional's data
    const columns = (await client.execute(`PRAGMA table_info("${name}")`)).rows.map((r) => String(r.name));
    const where: string[] = [];
    const args: string[] = [];
    for (const column of columns.filter((c) => OWNER_COLUMNS.includes(c))) {
      where.push(`"${column}" = ?`);
      args.push(pro.id);
    }
    if (name === "users") {
      where.push("id = ?");
      args.push(pro.id);
    }
    if (columns.includes("booking_request_id") && name !== "appointments") {
      where.push("booking_request_id IN (SELECT id FROM booking_requests WHERE professional_id = ?)");
      args.push(pro.id);
    }
    if (name === "email_outbox") {
      where.push('"to" = ?');
      args.push(pro.email);
    }
    if (!where.length) continue;
    const rows = await client.execute({ sql: `SELECT * FROM "${name}" WHERE ${where.join(" OR ")}`, args });
    out[name] = rows.rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            columns.map((c) => {
              const v = (row as Record<string, unknown>)[c];
              return [c, v instanceof ArrayBuffer ? Buffer.from(v).toString("hex") : v];
            }),
          ),
        ),
      )
      .sort();
  }
  return out;
}
