// A contact from an imported file checked by the client form's own rules (clientSchema): the
// name and the phone decide whether it comes in; a wrong e-mail or birthday is only left out.
import { cleanAddress, cleanLine, cleanName, cleanNotes, MAX_NAME, parseBirthday, pickPhone, type Candidate, type ImportRefusal, type RawContact } from "../domain/clients/import/contacts";
import { clientSchema } from "./clients";

export type Checked = { ok: true; client: Candidate } | { ok: false; name: string; reason: ImportRefusal };

type Schema = ReturnType<typeof clientSchema>;

/**
 * One contact as of `today` (yyyy-MM-dd, the professional's zone: birthdays are not in the
 * future). `schema`: the client form's, built once for a whole file.
 */
export function checkContact(raw: RawContact, today: string, schema: Schema = clientSchema(today)): Checked {
  // A contact that is only a company (a supplier, a salon) is known by the company's name.
  const name = cleanName(raw.name) || cleanName(raw.company ?? "");
  if (!name) return { ok: false, name: cleanLine((raw.phones[0]?.value ?? "").slice(0, MAX_NAME)), reason: "sem nome" };
  const picked = pickPhone(raw.phones);
  if (picked.phone === null) return { ok: false, name, reason: picked.invalid ? "telefone inválido" : "sem telefone" };
  const birthday = parseBirthday(raw.birthday);
  const email = cleanLine(raw.email).toLowerCase();
  const notes = cleanNotes(raw.notes);
  const address = cleanAddress(raw.address ?? "");
  const optional = {
    address: address || undefined,
    email: email && schema.shape.email.safeParse(email).success ? email : undefined,
    birthDate: birthday && "date" in birthday && schema.shape.birthDate.safeParse(birthday.date).success ? birthday.date : undefined,
  };
  const parsed = schema.safeParse({ name, phone: picked.phone, notes: notes || undefined, ...optional });
  if (!parsed.success) return { ok: false, name, reason: "nome inválido" };
  const v = parsed.data;
  return {
    ok: true,
    client: {
      name: v.name,
      phone: v.phone,
      email: v.email ?? "",
      birthDate: v.birthDate ?? "",
      address: v.address ?? "",
      notes: v.notes ?? "",
      birthdayWithoutYear: !!birthday && "withoutYear" in birthday,
    },
  };
}

export type ImportPreview = {
  /** The clients 'Importar N clientes' creates, in the file's order. */
  create: Candidate[];
  /** Contacts whose phone is already a client's. */
  existing: string[];
  refused: { name: string; reason: ImportRefusal | "contato ilegível" }[];
  /** Contacts whose phone came earlier in the same file (the first one is kept). */
  repeated: number;
  /** Clients created without their birthday: the file gave it without a year. */
  withoutYear: number;
};

/**
 * What importing the contacts would do for a professional whose clients have `existingPhones`:
 * the same phone (after the one normaliser) is the same person, so a second import of a file
 * creates nothing.
 */
export function previewContacts(contacts: readonly (RawContact | null)[], today: string, existingPhones: ReadonlySet<string>): ImportPreview {
  const preview: ImportPreview = { create: [], existing: [], refused: [], repeated: 0, withoutYear: 0 };
  const seen = new Set<string>();
  const schema = clientSchema(today);
  for (const raw of contacts) {
    if (!raw) {
      preview.refused.push({ name: "", reason: "contato ilegível" });
      continue;
    }
    const checked = checkContact(raw, today, schema);
    if (!checked.ok) preview.refused.push({ name: checked.name, reason: checked.reason });
    else if (existingPhones.has(checked.client.phone)) preview.existing.push(checked.client.name);
    else if (seen.has(checked.client.phone)) preview.repeated++;
    else {
      seen.add(checked.client.phone);
      preview.create.push(checked.client);
      if (checked.client.birthdayWithoutYear) preview.withoutYear++;
    }
  }
  return preview;
}
