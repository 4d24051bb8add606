// The commission form (issue 22): the owner's percentages for one member, each refusal a pt-BR
// message beside its field. Percentages are typed as pt-BR writes them ('40', '37,5') and kept in
// hundredths of a percent; a service's field left blank follows the rate for services.
import { z } from "./zod";
import { parseMoneyToCents } from "../domain/money";
import type { CommissionRule } from "../domain/team/commissions";

export const COMMISSION_MESSAGES = {
  percent: "Informe um percentual de 0 a 100, como 40 ou 37,5",
  services: "Informe o percentual sobre os serviços",
  unknownService: "Serviço não encontrado",
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

/** `serviceIds`: the member's services (a rate for any other id is refused). */
export function commissionSchema(serviceIds: readonly string[]) {
  return z
    .object({
      servicos: percent(M.services),
      produtos: percent(M.percent).optional(),
      gorjetas: z.literal("on").optional(),
      taxas: z
        .array(
          z.object({ servico: z.string().max(100), percentual: percent(M.percent).optional() }).superRefine((rate, ctx) => {
            if (!serviceIds.includes(rate.servico)) ctx.addIssue({ code: "custom", path: ["percentual"], message: M.unknownService });
          }),
        )
        .max(500)
        .default([]),
    })
    .transform(
      (form): CommissionRule => ({
        servicesBasisPoints: form.servicos,
        productsBasisPoints: form.produtos ?? 0,
        tipsToProfessional: form.gorjetas === "on",
        serviceRates: Object.fromEntries(form.taxas.filter((t) => t.percentual !== undefined).map((t) => [t.servico, t.percentual!])),
      }),
    );
}
