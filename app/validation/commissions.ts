// The commission form (issue 22): the owner's percentages for one member, each refusal a pt-BR
// message beside its field. Percentages are typed as pt-BR writes them ('40', '37,5') and kept in
// hundredths of a percent; a service's field left blank follows the rate for services.
import { z } from "./zod";
import { parseMoneyToCents } from "../domain/money";
import type { CommissionRule } from "../domain/commissions/commissions";

export const COMMISSION_MESSAGES = {
  percent: "Informe um percentual de 0 a 100, como 40 ou 37,5",
  services: "Informe o percentual sobre os serviços",
} as const;

const M = COMMISSION_MESSAGES;

/** '40' -> 4000, '37,5' -> 3750; null when it is not a percentage from 0 to 100. */
export function readPercent(text: string): number | null {
  const basisPoints = parseMoneyToCents(text.replace(/%\s*$/, ""));
  return basisPoints === null || basisPoints > 10_000 ? null : basisPoints;
}

const percent = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(10, M.percent)
    .transform((text, ctx) => {
      const basisPoints = readPercent(text);
      if (basisPoints === null) {
        ctx.addIssue({ code: "custom", message: M.percent });
        return z.NEVER;
      }
      return basisPoints;
    });

/**
 * `serviceIds`: the member's services, each with its own optional field (`taxas.<id>`): the form's
 * fields come from the services, never from what was posted, and a rate for any other id is no
 * field of this form (docs/decisions/1081).
 */
export function commissionSchema(serviceIds: readonly string[]) {
  return z
    .object({
      servicos: percent(M.services),
      produtos: percent(M.percent).optional(),
      gorjetas: z.literal("on").optional(),
      taxas: z.object(Object.fromEntries(serviceIds.map((id) => [id, percent(M.percent).optional()]))).default({}),
    })
    .transform(
      (form): CommissionRule => ({
        servicesBasisPoints: form.servicos,
        productsBasisPoints: form.produtos ?? 0,
        tipsToProfessional: form.gorjetas === "on",
        serviceRates: Object.fromEntries(Object.entries(form.taxas).filter((rate): rate is [string, number] => rate[1] !== undefined)),
      }),
    );
}
