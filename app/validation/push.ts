// 'Receber notificações neste aparelho': the browser's push subscription as the page sends it,
// and the switches of which events a device is told of (Configurações > Notificações).
import { z } from "zod";
import { PUSH_KINDS } from "../domain/notifications/push-texts";

/** The bytes of a base64url text (padding optional), or null when it is not one. */
function base64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const NOT_A_SUBSCRIPTION = "O navegador não enviou uma inscrição válida. Tente de novo.";

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: NOT_A_SUBSCRIPTION })
    .max(1000, NOT_A_SUBSCRIPTION)
    .refine((s) => URL.canParse(s) && new URL(s).protocol === "https:", NOT_A_SUBSCRIPTION),
  // The browser's P-256 public key (65 bytes, uncompressed) and auth secret (16 bytes), RFC 8291.
  p256dh: z.string({ error: NOT_A_SUBSCRIPTION }).refine((s) => {
    const bytes = base64url(s);
    return bytes?.length === 65 && bytes[0] === 4;
  }, NOT_A_SUBSCRIPTION),
  auth: z.string({ error: NOT_A_SUBSCRIPTION }).refine((s) => base64url(s)?.length === 16, NOT_A_SUBSCRIPTION),
});

const checkbox = z.boolean().optional().transform((v) => v ?? false);

/** One switch per event ('Nova solicitação', …), named after its kind. */
export const pushKindsSchema = z.object(Object.fromEntries(PUSH_KINDS.map((k) => [k, checkbox])) as Record<(typeof PUSH_KINDS)[number], typeof checkbox>);

export const UNKNOWN_PUSH_SERVICE = "Este navegador usa um serviço de notificações que o Agendo não conhece. Use o Chrome, o Edge, o Firefox ou o Safari.";

export const PUSH_SAVED = { title: "Notificações no aparelho salvas", description: "Você recebe só os avisos que deixou ligados." };
export const PUSH_ON = { title: "Notificações ligadas", description: "Este aparelho vai receber os avisos do Agendo." };
export const PUSH_REMOVED = { title: "Aparelho removido", description: "Ele não recebe mais notificações do Agendo." };
export const PUSH_TEST_SENT = { title: "Notificação de teste enviada", description: "Ela chega em alguns segundos em cada aparelho da lista." };
