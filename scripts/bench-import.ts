// The bench's 'Importar clientes' (issue 26): a 10,000-contact file, as a vCard (3.0, two phones
// and a birthday each) and as a Google-style CSV, read, previewed and committed for the bench
// professional's 5,000 clients, then imported again (nothing created). One run each (the commit
// writes), printed in the bench's table; the commit is one batch, one round trip on Workers too.
import { performance } from "node:perf_hooks";
import { and, eq, inArray } from "drizzle-orm";
import { clients } from "../db/schema";
import { clientPhones, commitImport, readContactFile } from "../app/domain/clients/import/import.server";
import { contactFromRow, guessMapping } from "../app/domain/clients/import/csv";
import type { StoredFile } from "../app/domain/clients/import/import.server";
import { previewContacts } from "../app/validation/client-import";
import type { Db } from "../app/utils/db.server";

const CONTACTS = 10_000;
const phoneOf = (n: number) => `(21) 9${String(70_000_000 + n).padStart(8, "0")}`;

function vcardFile() {
  const cards = Array.from({ length: CONTACTS }, (_, n) =>
    ["BEGIN:VCARD", "VERSION:3.0", `FN:Contato ${n} Importado`, "TEL;type=HOME:(21) 2555-0000", `TEL;type=CELL:${phoneOf(n)}`, "BDAY:1990-05-17", "END:VCARD"].join("\r\n"),
  );
  return new TextEncoder().encode(cards.join("\r\n"));
}

function csvFile() {
  const rows = Array.from({ length: CONTACTS }, (_, n) => `Contato,${n} CSV,1990-05-17,,${phoneOf(n + CONTACTS)}`);
  return new TextEncoder().encode(["First Name,Last Name,Birthday,Notes,Phone 1 - Value", ...rows].join("\r\n"));
}

function line(label: string, ms: number, note = "") {
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(8)} ms   ${note}`);
}

async function timed<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

function contactsOf(file: StoredFile) {
  if (file.kind === "vcard") return file.contacts;
  const [headers, ...rows] = file.rows;
  return rows.map((row) => contactFromRow(row, guessMapping(headers!), headers!));
}

async function importOnce(db: Db, userId: string, label: string, bytes: Uint8Array, name: string) {
  const [file, readMs] = await timed(() => readContactFile(bytes, name));
  if ("error" in file) throw new Error(file.error);
  const [preview, previewMs] = await timed(async () => previewContacts(contactsOf(file), "2026-11-26", await clientPhones(db, userId)));
  const [created, commitMs] = await timed(() => commitImport(db, userId, crypto.randomUUID(), preview.create));
  line(`import ${label}: read`, readMs, `${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB`);
  line(`import ${label}: preview`, previewMs, `${preview.create.length} new, ${preview.existing.length} already clients`);
  line(`import ${label}: commit`, commitMs, `${created} created`);
  return created;
}

/** Prints the import's figures for the bench professional, and removes what it created. */
export async function benchImport(db: Db, userId: string) {
  console.log(`\nImportar clientes: ${CONTACTS.toLocaleString("en")} contacts for a professional with their clients (one run each)`);
  const vcf = vcardFile();
  const csv = csvFile();
  try {
    await importOnce(db, userId, "vCard", vcf, "contatos.vcf");
    await importOnce(db, userId, "vCard again", vcf, "contatos.vcf");
    await importOnce(db, userId, "CSV", csv, "google.csv");
  } finally {
    const phones = Array.from({ length: 2 * CONTACTS }, (_, n) => `219${String(70_000_000 + n).padStart(8, "0")}`);
    for (let i = 0; i < phones.length; i += 500) {
      await db.delete(clients).where(and(eq(clients.userId, userId), inArray(clients.phone, phones.slice(i, i + 500))));
    }
  }
}
