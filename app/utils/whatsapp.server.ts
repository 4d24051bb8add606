// The WhatsApp Cloud API (Meta's Graph API), for template messages only: a business may start a
// conversation with a customer only through a template Meta approved. Documented contract:
//   POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages, Bearer WHATSAPP_TOKEN,
//   {"messaging_product":"whatsapp","to":"5511…","type":"template","template":{"name":…,
//    "language":{"code":"pt_BR"},"components":[{"type":"body","parameters":[{"type":"text","text":…}]}]}}
//   → 200 {"messages":[{"id":"wamid.…"}]} or an error {"error":{"code":…,"message":…,"error_data":{"details":…}}}.
// Tested against a local stand-in of that contract (tests/support/whatsapp-stand-in.ts).
import { env } from "./env.server";

export type WhatsappConfig = { apiUrl: string; token: string; phoneNumberId: string; template: string; language: string };

/** The settings with the template of the business's change notices ('alteracao_agendamento'). */
export type WhatsappSettings = WhatsappConfig & { changeTemplate: string };

/** The API's settings, or null when automatic WhatsApp is off (no token or number configured). */
export function whatsappConfig(): WhatsappSettings | null {
  const e = env();
  if (!e.WHATSAPP_TOKEN || !e.WHATSAPP_PHONE_NUMBER_ID) return null;
  return {
    apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ""),
    token: e.WHATSAPP_TOKEN,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
    template: e.WHATSAPP_TEMPLATE_REMINDER,
    changeTemplate: e.WHATSAPP_TEMPLATE_CHANGE,
    language: e.WHATSAPP_TEMPLATE_LANGUAGE,
  };
}

/**
 * What a failed send means for the message and for the rest of the run:
 * - `rate-limited`: throughput or pair limits (130429, 131056, 80007, 4): stop sending for now and
 *   try again on a later run, without counting it against the message;
 * - `temporary`: the API's own trouble (1, 2, 131000, 131016, HTTP 5xx, network): retry later;
 * - `configuration`: the token or app is not allowed (0, 3, 10, 190, 200–299): no message can go;
 *   stop the run's sends and retry later, counted, so a broken setup ends in 'failed';
 * - `permanent`: this message can never be delivered (invalid number 100/131026, recipient not
 *   allowed 131030, template missing, not approved, paused or with wrong parameters 132xxx).
 */
export type SendFailure = { kind: "rate-limited" | "temporary" | "configuration" | "permanent"; code: number | null; message: string };

export type SendResult = { ok: true; messageId: string } | ({ ok: false } & SendFailure);

const RATE_LIMITED = new Set([4, 80007, 130429, 131056, 131048]);
const TEMPORARY = new Set([1, 2, 131000, 131016, 133004]);
const CONFIGURATION = new Set([0, 3, 10, 190]);

export function classifyError(status: number, code: number | null): SendFailure["kind"] {
  if (code !== null) {
    if (RATE_LIMITED.has(code)) return "rate-limited";
    if (TEMPORARY.has(code)) return "temporary";
    if (CONFIGURATION.has(code) || (code >= 200 && code < 300)) return "configuration";
    return "permanent";
  }
  if (status === 429) return "rate-limited";
  if (status === 401 || status === 403) return "configuration";
  return status >= 500 || status === 0 ? "temporary" : "permanent";
}

export async function sendTemplate(
  config: WhatsappConfig,
  message: { to: string; template: string; language: string; params: readonly string[] },
  fetcher: typeof fetch = fetch,
): Promise<SendResult> {
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      components: [{ type: "body", parameters: message.params.map((text) => ({ type: "text", text })) }],
    },
  };
  let res: Response;
  try {
    res = await fetcher(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    return { ok: false, kind: "temporary", code: null, message: `Sem resposta da API do WhatsApp: ${String(error)}` };
  }
  const json = (await res.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  } | null;
  const id = json?.messages?.[0]?.id;
  if (res.ok && id) return { ok: true, messageId: id };
  const code = typeof json?.error?.code === "number" ? json.error.code : null;
  const detail = json?.error?.error_data?.details ?? json?.error?.message ?? `HTTP ${res.status}`;
  return { ok: false, kind: classifyError(res.ok ? 500 : res.status, code), code, message: code !== null ? `(#${code}) ${detail}` : detail };
}
