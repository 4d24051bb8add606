// The salon's commissions (issue 22, docs/decisions/0926): what the owner pays each member for a
// period. A line's rate is the one stamped on it when the service was closed, else the member's
// current rule (a service's own rate over the rule's rate for services; products their own). The
// base is what was charged for the line, after its share of the closing's discount; a tip is
// never a base. The commission is rounded once per rate, so a period's figure does not drift with
// the number of lines.

export type CommissionRule = {
  servicesBasisPoints: number;
  productsBasisPoints: number;
  tipsToProfessional: boolean;
  /** A service's own rate, by service id. */
  serviceRates: Record<string, number>;
};

/** Lines of one professional summed by kind and rate (null: no rule applies, no commission). */
export type CommissionBase = { kind: "service" | "product"; basisPoints: number | null; netCents: number };

export type Commission = { servicesCents: number; productsCents: number; totalCents: number };

export function commissionOf(bases: CommissionBase[]): Commission {
  const sums = new Map<string, { kind: CommissionBase["kind"]; basisPoints: number; net: number }>();
  for (const b of bases) {
    if (b.basisPoints === null) continue;
    const key = `${b.kind}:${b.basisPoints}`;
    const sum = sums.get(key) ?? { kind: b.kind, basisPoints: b.basisPoints, net: 0 };
    sum.net += b.netCents;
    sums.set(key, sum);
  }
  let servicesCents = 0;
  let productsCents = 0;
  for (const s of sums.values()) {
    const cents = Math.round((s.net * s.basisPoints) / 10_000);
    if (s.kind === "service") servicesCents += cents;
    else productsCents += cents;
  }
  return { servicesCents, productsCents, totalCents: servicesCents + productsCents };
}

/** What the owner pays a member: the commission, and the tips when they are the member's. */
export function toPayCents(commission: Commission, tipsCents: number, rule: Pick<CommissionRule, "tipsToProfessional"> | null): number {
  return commission.totalCents + (rule?.tipsToProfessional ?? true ? tipsCents : 0);
}

const percent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });

/** 4000 -> '40', 3750 -> '37,5': a rate as its field shows it for editing. */
export function formatPercentInput(basisPoints: number): string {
  return percent.format(basisPoints / 100);
}

/** 4000 -> '40%', 3750 -> '37,5%'. */
export function formatBasisPoints(basisPoints: number): string {
  return `${formatPercentInput(basisPoints)}%`;
}

/** The rule in a line: 'Comissão: 40% dos serviços · 10% dos produtos · gorjetas do profissional'. */
export function ruleSummary(rule: CommissionRule | null): string {
  if (!rule) return "Comissão não definida";
  const own = Object.keys(rule.serviceRates).length;
  return "Comissão: " + [
    `${formatBasisPoints(rule.servicesBasisPoints)} dos serviços${own ? ` (${own} com percentual próprio)` : ""}`,
    `${formatBasisPoints(rule.productsBasisPoints)} dos produtos`,
    rule.tipsToProfessional ? "gorjetas do profissional" : "gorjetas do salão",
  ].join(" · ");
}
