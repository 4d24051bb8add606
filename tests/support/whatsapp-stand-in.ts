// A local stand-in for the WhatsApp Cloud API (graph.facebook.com/{version}): the one endpoint
// Agendo calls, checked against Meta's documented contract — POST /{phone-number-id}/messages,
// `Authorization: Bearer <token>`, a JSON body with messaging_product "whatsapp", `to`, type
// "template" and template {name, language.code, components[body parameters]}; success
// `{messaging_product, contacts:[{input, wa_id}], messages:[{id:"wamid.…"}]}`; errors
// `{error:{message, type:"OAuthException", code, error_data:{messaging_product, details}, fbtrace_id}}`.
//
// Failure injection by recipient (so parallel tests never share a switch):
//   a number ending 0000 -> 131026 'Message undeliverable' (not on WhatsApp)
//   a number ending 4290 -> 130429 'Rate limit hit' the first time, accepted afterwards
//   a number ending 5000 -> HTTP 500 (the API's own trouble) the first two times
// Templates: only WHATSAPP_TEST_TEMPLATE (7 body parameters) and WHATSAPP_TEST_CHANGE_TEMPLATE (4)
// in pt_BR exist and are approved; another name is 132001 'Template name does not exist in the
// translation', a wrong parameter count 132000. A token other than WHATSAPP_TEST_TOKEN is 190 (invalid OAuth access token).
//
// Test-only control endpoints (never part of the API): GET /__health, GET /__requests.
// Run on its own: `tsx tests/support/whatsapp-stand-in.ts` (port WHATSAPP_STANDIN_PORT).
import { createServer, type Server } from "node:http";
import { pathToFileURL } from "node:url";

export const WHATSAPP_TEST_TOKEN = "EAAG-test-token";
export const WHATSAPP_TEST_PHONE_ID = "106540352242922";
export const WHATSAPP_TEST_TEMPLATE = "lembrete_agendamento";
export const WHATSAPP_TEST_CHANGE_TEMPLATE = "alteracao_agendamento";

/** The approved templates and their body parameter counts. */
const TEMPLATES: Record<string, number> = { [WHATSAPP_TEST_TEMPLATE]: 7, [WHATSAPP_TEST_CHANGE_TEMPLATE]: 4 };

export type WhatsappRequest = {
  path: string;
  authorization: string | null;
  to: string;
  template: string;
  language: string;
  params: string[];
  /** What the stand-in answered: a message id, or an error code. */
  answer: { id: string } | { code: number; status: number };
};

export type WhatsappStandIn = { url: string; port: number; requests: WhatsappRequest[]; close(): Promise<void> };

/** The app's environment variables for WhatsApp pointed at a stand-in. */
export function whatsappEnv(url: string) {
  return {
    WHATSAPP_API_URL: url,
    WHATSAPP_TOKEN: WHATSAPP_TEST_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST_PHONE_ID,
    WHATSAPP_TEMPLATE_REMINDER: WHATSAPP_TEST_TEMPLATE,
    WHATSAPP_TEMPLATE_CHANGE: WHATSAPP_TEST_CHANGE_TEMPLATE,
    WHATSAPP_TEMPLATE_LANGUAGE: "pt_BR",
  };
}

const ERRORS: Record<number, { status: number; message: string; details: string }> = {
  190: { status: 401, message: "Invalid OAuth access token - Cannot parse access token", details: "Invalid OAuth access token" },
  100: { status: 400, message: "(#100) Invalid parameter", details: "Parameter value is not valid" },
  131026: { status: 400, message: "Message undeliverable", details: "Message Undeliverable." },
  130429: { status: 400, message: "(#130429) Rate limit hit", details: "Cloud API message throughput has been reached." },
  132000: { status: 400, message: "(#132000) Number of parameters does not match the expected number of params", details: "body: number of localizable_params (3) does not match the expected number of params (7)" },
  132001: { status: 404, message: "(#132001) Template name does not exist in the translation", details: "template name (x) does not exist in pt_BR" },
  131000: { status: 500, message: "(#131000) Something went wrong", details: "Something went wrong." },
};

export async function startWhatsappStandIn(port = 0): Promise<WhatsappStandIn> {
  const requests: WhatsappRequest[] = [];
  const seen = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/__health") return reply(200, { ok: true });
    if (url.pathname === "/__requests") return reply(200, requests);
    const match = /^\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method !== "POST" || !match) return reply(400, { error: { message: "Unsupported request", code: 100, type: "GraphMethodException" } });
    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: { name?: string; language?: { code?: string }; components?: { type?: string; parameters?: { type?: string; text?: string }[] }[] };
    };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      body = {};
    }
    const params = (body.template?.components ?? []).filter((c) => c.type === "body").flatMap((c) => c.parameters ?? []).map((p) => p.text ?? "");
    const to = String(body.to ?? "");
    const authorization = req.headers.authorization ?? null;
    const count = (seen.get(to) ?? 0) + 1;
    seen.set(to, count);
    const code =
      authorization !== `Bearer ${WHATSAPP_TEST_TOKEN}`
        ? 190
        : match[1] !== WHATSAPP_TEST_PHONE_ID ||
            body.messaging_product !== "whatsapp" ||
            body.type !== "template" ||
            !/^\d{10,15}$/.test(to) ||
            (req.headers["content-type"] ?? "").split(";")[0] !== "application/json"
          ? 100
          : !Object.hasOwn(TEMPLATES, body.template?.name ?? "") || body.template?.language?.code !== "pt_BR"
            ? 132001
            : params.length !== TEMPLATES[body.template!.name!] || params.some((p) => !p.trim() || p.includes("\n"))
              ? 132000
              : to.endsWith("0000")
                ? 131026
                : to.endsWith("4290") && count === 1
                  ? 130429
                  : to.endsWith("5000") && count <= 2
                    ? 131000
                    : null;
    const record = { path: url.pathname, authorization, to, template: body.template?.name ?? "", language: body.template?.language?.code ?? "", params };
    if (code !== null) {
      const error = ERRORS[code]!;
      requests.push({ ...record, answer: { code, status: error.status } });
      return reply(error.status, {
        error: { message: error.message, type: "OAuthException", code, error_data: { messaging_product: "whatsapp", details: error.details }, fbtrace_id: "AbCdEf" },
      });
    }
    const id = `wamid.HBgN${crypto.randomUUID().replace(/-/g, "").toUpperCase()}`;
    requests.push({ ...record, answer: { id } });
    reply(200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const standIn = await startWhatsappStandIn(Number(process.env.WHATSAPP_STANDIN_PORT ?? 0));
  console.log(`WhatsApp stand-in on ${standIn.url}`);
}
