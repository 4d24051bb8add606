// The phone field of every form: one normaliser (app/domain/phone.ts), one set of messages.
import { checkPhone, PHONE_MIN } from "../domain/phone";
import { z } from "./zod";


const toPhone = (value: string, ctx: z.RefinementCtx) => {
  const checked = checkPhone(value);
  if (checked.ok) return checked.digits;
  ctx.addIssue({ code: "custom", message: checked.message });
  return z.NEVER;
};

/** A required phone: stored as national digits. */
export const phoneField = z.string({ error: PHONE_MIN }).transform(toPhone);

/** An optional phone: "" when left blank, else the same rules. */
export const optionalPhoneField = z
  .string()
  .optional()
  .transform((value, ctx) => (value?.trim() ? toPhone(value, ctx) : ""));
