// Where Mercado Pago sends the professional back after its authorisation page
// (`?code=...&state=...`, or `?error=...&state=...`): every outcome is a redirect to
// Configurações > Pagamentos with a toast, never an error page (docs/decisions/0933).
import type { Route } from "./+types/settings.payments.return";
import { PAYMENTS_PATH } from "../components/payments/payments-card";
import { finishConnect } from "../domain/payments/connect.server";
import { getDb } from "../utils/db.server";
import { mercadoPagoConfigured } from "../utils/mercadopago.server";
import { redirectWithToast } from "../utils/toast.server";
import { CONNECTED, connectFailedToast, NOT_CONFIGURED } from "./shared/payments";
import { requireUser } from "./workspace.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  if (!mercadoPagoConfigured()) return redirectWithToast(request, PAYMENTS_PATH, NOT_CONFIGURED);
  const result = await finishConnect(getDb(context), user.id, new URL(request.url).searchParams);
  return redirectWithToast(request, PAYMENTS_PATH, result.ok ? CONNECTED : connectFailedToast(result));
}
