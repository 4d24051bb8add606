import { isIsoDate } from "../domain/dates";
import { z } from "./zod";
import { phoneField } from "./phone";
import { looksLikeLink, NAME_LINK } from "./person-name";

// The client form's messages: the spec's words where it gives them.
export const NAME_MIN = "Nome deve ter pelo menos 2 caracteres";
export const EMAIL_INVALID = "Email inválido";
export const PHONE_TAKEN = "Já existe um cliente com este telefone.";
export const BIRTH_DATE_INVALID = "Data de nascimento inválida";

/** A real calendar date yyyy-MM-dd from 1900 up to `today` (also yyyy-MM-dd). */
export function isValidBirthDate(value: string, today: string): boolean {
  return isIsoDate(value) && value >= "1900-01-01" && value <= today;
}

/**
 * The client form. Conform turns empty inputs into undefined, so optional fields are
 * `.optional()` and required ones carry their message as the type error too.
 * `today` (yyyy-MM-dd in the professional's zone) bounds the birth date.
 */
export function clientSchema(today: string) {
  return z.object({
    name: z
      .string({ error: NAME_MIN })
      .trim()
      .min(2, NAME_MIN)
      .max(100, "Nome deve ter no máximo 100 caracteres")
      .refine((v) => !looksLikeLink(v), NAME_LINK),
    phone: phoneField,
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "Email deve ter no máximo 254 caracteres")
      .refine((v) => v === "" || z.email().safeParse(v).success, EMAIL_INVALID)
      .optional(),
    address: z.string().trim().max(200, "Endereço deve ter no máximo 200 caracteres").optional(),
    birthDate: z
      .string()
      .trim()
      .refine((v) => isValidBirthDate(v, today), BIRTH_DATE_INVALID)
      .optional(),
    notes: z.string().trim().max(1000, "Observações devem ter no máximo 1000 caracteres").optional(),
  });
}
