import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/settings.payments";
import { CONFIRM_DISCONNECT, PaymentsCard, PAYMENTS_PATH, type PaymentsView } from "../components/payments/payments-card";
import { disconnectAccount, paymentAccountOf } from "../domain/payments/accounts.server";
import { authorizationUrlFor } from "../domain/payments/connect.server";
import { formatDate, minutesToTime, nowInZone } from "../domain/dates";
import { readForm } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { mercadoPagoConfigured } from "../utils/mercadopago.server";
import { redirectWithToast } from "../utils/toast.server";
import { DISCONNECTED, NOT_CONFIGURED } from "./shared/payments";
import { requireUser } from "./workspace.server";

export const meta: Route.MetaFunction = () => [{ title: "Pagamentos — Configurações — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs): Promise<PaymentsView> {
  const user = requireUser(context);
  if (!mercadoPagoConfigured()) return { configured: false };
  const account = await paymentAccountOf(getDb(context), user.id);
  if (!account) return { configured: true, account: null };
  const since = nowInZone(user.profile.timeZone, account.connectedAt);
  return {
    configured: true,
    account: {
      accountId: account.providerUserId,
      since: `${formatDate(since.date, true)} às ${minutesToTime(since.minute)}`,
      testMode: account.liveMode === false,
    },
    confirming: new URL(request.url).searchParams.has(CONFIRM_DISCONNECT),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "connect") {
    if (!mercadoPagoConfigured()) return redirectWithToast(request, PAYMENTS_PATH, NOT_CONFIGURED);
    // Out to Mercado Pago's page; it sends the professional back to the return route.
    return redirect(await authorizationUrlFor(user.id));
  }
  if (intent === "disconnect") {
    await disconnectAccount(getDb(context), user.id);
    return redirectWithToast(request, PAYMENTS_PATH, DISCONNECTED);
  }
  throw data("Ação desconhecida.", { status: 400 });
}

export default function PaymentsSettings() {
  const view = useLoaderData<typeof loader>();
  return <PaymentsCard view={view} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
