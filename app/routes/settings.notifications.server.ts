// Configurações > Notificações' push part: the devices ('Receber notificações neste aparelho',
// 'Remover'), 'Enviar notificação de teste' and which events a device is told of.
import { parseForm } from "../validation/parse-form";
import type { RouterContextProvider } from "react-router";
import { deliverSoon } from "../domain/notifications/deliver-soon.server";
import { deviceLabel, devicesOf, removeDevice, saveDevice, savePushKinds } from "../domain/notifications/push-devices.server";
import { PUSH_KEY_PREFIX, queuePushNow } from "../domain/notifications/push.server";
import { mutedKinds, PUSH_KINDS, TEST_PUSH } from "../domain/notifications/push-texts";
import { notFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { redirectWithToast } from "../utils/toast.server";
import { isPushServiceEndpoint, vapidConfig } from "../utils/web-push.server";
import { PUSH_ON, PUSH_REMOVED, PUSH_SAVED, PUSH_TEST_SENT, pushKindsSchema, pushSubscriptionSchema, UNKNOWN_PUSH_SERVICE } from "../validation/push";
import type { CurrentUser } from "../domain/accounts/access.server";
import { formatInstant } from "../domain/dates";

export const PUSH_INTENTS = ["push-subscribe", "push-remove", "push-test", "push-kinds"] as const;
type PushIntent = (typeof PUSH_INTENTS)[number];

export const isPushIntent = (intent: unknown): intent is PushIntent => PUSH_INTENTS.includes(intent as PushIntent);

/** What the push card shows: whether push is on here, the key browsers subscribe with, the devices, the switches. */
export async function pushSettings(context: Readonly<RouterContextProvider>, user: CurrentUser) {
  const vapid = vapidConfig();
  const devices = await devicesOf(getDb(context), user.id);
  const muted = mutedKinds(user.profile.pushMuted);
  return {
    publicKey: vapid?.publicKey ?? null,
    devices: devices.map((d) => ({ id: d.id, label: d.label, endpoint: d.endpoint, since: formatInstant(d.createdAt, user.profile.timeZone) })),
    kinds: Object.fromEntries(PUSH_KINDS.map((k) => [k, !muted.has(k)])) as Record<(typeof PUSH_KINDS)[number], boolean>,
  };
}

/** One of the push intents, answered: back to the page with a toast, or the refusal to show beside its control (answered 400). */
export async function pushAction(context: Readonly<RouterContextProvider>, request: Request, user: CurrentUser, intent: PushIntent, formData: FormData, self: string): Promise<Response | { pushError: string }> {
  const db = getDb(context);
  if (intent === "push-subscribe") {
    if (!vapidConfig()) return { pushError: "As notificações no aparelho estão desligadas neste Agendo." };
    const submission = parseForm(formData, { schema: pushSubscriptionSchema });
    if (submission.status !== "success") return { pushError: Object.values(submission.error ?? {})[0]?.[0] ?? "" };
    if (!isPushServiceEndpoint(submission.value.endpoint)) return { pushError: UNKNOWN_PUSH_SERVICE };
    await saveDevice(db, user.id, submission.value, deviceLabel(request.headers.get("User-Agent")));
    return redirectWithToast(request, self, { type: "success", ...PUSH_ON });
  }
  if (intent === "push-remove") {
    const id = formData.get("id");
    if (typeof id !== "string" || !(await removeDevice(db, user.id, id))) notFound();
    return redirectWithToast(request, self, { type: "success", ...PUSH_REMOVED });
  }
  if (intent === "push-test") {
    const devices = await devicesOf(db, user.id);
    if (devices.length === 0 || !vapidConfig()) {
      return redirectWithToast(request, self, { type: "error", title: "Nenhum aparelho para testar", description: "Toque em “Receber notificações neste aparelho” primeiro." });
    }
    const key = await queuePushNow(db, { professionalId: user.id, kind: "test", key: `${PUSH_KEY_PREFIX}test:${user.id}:${Date.now()}`, content: TEST_PUSH });
    deliverSoon(context, [key]);
    return redirectWithToast(request, self, { type: "success", ...PUSH_TEST_SENT });
  }
  const submission = parseForm(formData, { schema: pushKindsSchema });
  if (submission.status !== "success") return { pushError: "Marque ou desmarque as opções." };
  await savePushKinds(db, user.id, submission.value);
  return redirectWithToast(request, self, { type: "success", ...PUSH_SAVED });
}
