import { useEffect } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useHydrated } from "../use-hydrated";
import { formatMoney } from "../../domain/money";
import { PAYMENTS_NOT_CONFIGURED } from "../../domain/billing/plans";
import type { CurrentPlan } from "../../domain/billing/plan-status";

/** The plan the professional is on, its status, the trial's days left and the portal button. */
export function CurrentPlanCard({ current }: { current: CurrentPlan }) {
  const navigation = useNavigation();
  const opening = navigation.state !== "idle" && navigation.formData?.get("intent") === "portal";
  return (
    <section className="card space-y-3" aria-labelledby="plano-atual-titulo" data-testid="current-plan">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plano-atual-titulo" className="text-lg font-semibold">
            Seu plano
          </h2>
          <p className="text-2xl font-bold">
            {current.planName}
            {current.activeValid && current.billingPeriod ? (
              <span className="ml-2 text-base font-medium text-slate-500">
                {current.billingPeriod === "yearly" ? "anual" : "mensal"}
              </span>
            ) : null}
          </p>
        </div>
        <p className="text-sm">
          <span className="text-slate-600">Status: </span>
          <span className="font-semibold" data-testid="subscription-status">
            {current.statusLabel}
          </span>
        </p>
      </div>
      {current.status === "trial" ? (
        <p className="text-sm text-slate-700">
          {current.trialDaysLeft === 0
            ? "Seu período grátis terminou."
            : current.trialDaysLeft === 1
              ? "Falta 1 dia para o fim do seu período grátis"
              : `Faltam ${current.trialDaysLeft} dias para o fim do seu período grátis`}
          {current.trialDaysLeft > 0 && current.trialEnds ? ` (até ${current.trialEnds}).` : ""}
        </p>
      ) : null}
      {current.activeValid ? (
        <p className="text-sm text-slate-700">
          {current.priceMonthlyCents ? `${formatMoney(current.priceMonthlyCents)}/mês · ` : ""}
          {current.periodEnds ? `Período atual até ${current.periodEnds}.` : null}
        </p>
      ) : null}
      {current.status === "past_due" ? (
        <p className="text-sm text-red-700">
          Não conseguimos cobrar seu cartão. Atualize a forma de pagamento em 'Gerenciar assinatura'.
        </p>
      ) : null}
      {current.status === "cancelled" ? (
        <p className="text-sm text-slate-700">
          Sua assinatura foi cancelada{current.periodEnds ? ` em ${current.periodEnds}` : ""}. Assine um plano para
          voltar a usar o Agendo.
        </p>
      ) : null}
      {current.canManage ? (
        <Form method="post">
          <input type="hidden" name="intent" value="portal" />
          <button type="submit" className="btn-secondary" disabled={opening}>
            {opening ? "Abrindo..." : "Gerenciar assinatura"}
          </button>
          <p className="mt-1 text-xs text-slate-500">
            Troque o cartão, mude de plano ou cancele no portal seguro do Stripe.
          </p>
        </Form>
      ) : null}
    </section>
  );
}

/** Said plainly when this environment takes no payments (docs/product/decisions.md 'Access and plans'). */
export function PaymentsNotConfigured() {
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900" role="status" data-testid="payments-off">
      <p className="font-semibold">Pagamentos indisponíveis</p>
      <p className="text-sm">{PAYMENTS_NOT_CONFIGURED}</p>
    </div>
  );
}

/** After Stripe Checkout: confirmed, still confirming, or not confirmed within a minute. */
/**
 * Back from Stripe Checkout. Before the confirmation arrives, with JavaScript the page checks
 * again by itself every 5 seconds (a set number of times); without it, a link does. No meta
 * refresh: a page must not reload on a timer the reader cannot stop (WCAG 2.2.1).
 */
export function CheckoutBanner({
  checkout,
  confirmed,
  refreshTo,
}: {
  checkout: "sucesso" | "cancelado" | null;
  confirmed: boolean;
  /** The same page's next check (path and query), or null when it has stopped checking. */
  refreshTo: string | null;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!refreshTo) return;
    const timer = setTimeout(() => navigate(refreshTo, { replace: true, preventScrollReset: true }), 5000);
    return () => clearTimeout(timer);
  }, [refreshTo, navigate]);
  if (checkout === "cancelado") {
    return (
      <div className="rounded-xl border border-slate-300 bg-white p-4" role="status" data-testid="checkout-banner">
        <p className="font-semibold">Pagamento não concluído</p>
        <p className="text-sm text-slate-600">Você saiu do pagamento. Nenhuma cobrança foi feita.</p>
      </div>
    );
  }
  if (checkout !== "sucesso") return null;
  if (confirmed) {
    return (
      <div className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900" role="status" data-testid="checkout-banner">
        <p className="font-semibold">Assinatura confirmada!</p>
        <p className="text-sm">Obrigado! Seu plano já está ativo.</p>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-900" role="status" data-testid="checkout-banner">
      <p className="font-semibold">Pagamento enviado</p>
      {refreshTo ? (
        <p className="text-sm">
          Estamos confirmando sua assinatura com o Stripe. Isso leva alguns segundos
          {hydrated ? "; esta página se atualiza sozinha." : "."}{" "}
          {hydrated ? null : (
            <Link to={refreshTo} replace className="font-semibold underline">
              Verificar agora
            </Link>
          )}
        </p>
      ) : (
        <p className="text-sm">
          Ainda não recebemos a confirmação do Stripe. Se o valor foi cobrado, ela chega em instantes: atualize a página mais tarde ou fale com o suporte.
        </p>
      )}
    </div>
  );
}
