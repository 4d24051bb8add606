// Issue 32, finding 25: Mercado Pago tried by hand (`npm run mp:standin`, README). The script
// prints the variables that point the app at the stand-in, lists each Pix the app charges, and
// Enter pays the latest one: the stand-in sends the app a notification signed as Mercado Pago's.
import { createServer } from "node:http";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { appCommand, runStandInByHand } from "../../scripts/mp-standin";
import { mercadoPagoSignature, MP_TEST_CLIENT_ID, MP_TEST_CLIENT_SECRET } from "../support/mercadopago";

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** Waits until `text()` contains `expected`, as a person waits on the terminal. */
async function until(text: () => string, expected: string) {
  await expect.poll(text, { timeout: 5_000, interval: 20 }).toContain(expected);
}

describe("npm run mp:standin", () => {
  it("says how to start the app against it, lists the Pix the app charges, and Enter pays the latest with a signed notification", async () => {
    // The app's webhook, as `npm start` would receive it.
    const received: { url: string; signature: string; requestId: string }[] = [];
    const app = createServer((req, res) => {
      received.push({ url: req.url ?? "", signature: String(req.headers["x-signature"]), requestId: String(req.headers["x-request-id"]) });
      res.writeHead(200).end();
    });
    await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
    closing.push(() => new Promise((done) => app.close(() => done())));
    const appUrl = `http://127.0.0.1:${(app.address() as { port: number }).port}`;

    const input = new PassThrough();
    const output = new PassThrough();
    let printed = "";
    output.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    const run = await runStandInByHand({ port: 0, input, output, pollMs: 20 });
    closing.push(run.close);
    expect(printed).toContain(`Mercado Pago stand-in on ${run.url}`);
    expect(printed).toContain(appCommand(run.url));
    expect(appCommand(run.url)).toContain(`MERCADOPAGO_API_URL=${run.url}`);
    expect(appCommand(run.url)).toMatch(/PAYMENTS_ENCRYPTION_KEY=\S+ \\\n {2}MERCADOPAGO_API_URL=/);

    // The app connects a seller (OAuth) and charges a Pix, as 'Confirmar e pagar sinal' does.
    const redirectUri = `${appUrl}/configuracoes/pagamentos/mercadopago/retorno`;
    const page = await (await fetch(`${run.url}/authorization?client_id=${MP_TEST_CLIENT_ID}&response_type=code&platform_id=mp&state=s&redirect_uri=${encodeURIComponent(redirectUri)}`)).text();
    const code = /[?&]code=([^&"]+)/.exec(page.replaceAll("&amp;", "&"))![1]!;
    const form = { grant_type: "authorization_code", client_id: MP_TEST_CLIENT_ID, client_secret: MP_TEST_CLIENT_SECRET, code, redirect_uri: redirectUri };
    const token = ((await (await fetch(`${run.url}/oauth/token`, { method: "POST", body: new URLSearchParams(form) })).json()) as { access_token: string }).access_token;
    const charged = await fetch(`${run.url}/v1/payments`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "X-Idempotency-Key": "k1", "Content-Type": "application/json" },
      body: JSON.stringify({
        transaction_amount: 15,
        payment_method_id: "pix",
        payer: { email: "maria@example.com" },
        // Within Mercado Pago's 30 minutes to 30 days, as the stand-in holds it (docs/decisions/1030).
        date_of_expiration: new Date(Date.now() + 60 * 60_000).toISOString().replace("Z", "+00:00"),
        external_reference: "req-1",
        notification_url: `${appUrl}/pagamentos/mercadopago/webhook`,
        description: "Sinal",
      }),
    });
    const { id } = (await charged.json()) as { id: number };
    await until(() => printed, `Pix ${id}: R$\u00a015,00 from maria@example.com`);

    input.write("\n");
    await until(() => printed, `Pix ${id} paid: the app took the notification (HTTP 200).`);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe(`/pagamentos/mercadopago/webhook?data.id=${id}&type=payment`);
    const ts = /ts=(\d+)/.exec(received[0]!.signature)![1]!;
    expect(received[0]!.signature).toBe(mercadoPagoSignature({ dataId: String(id), requestId: received[0]!.requestId, ts }));

    input.write("\n");
    await until(() => printed, "No Pix waiting to be paid.");
  });
});
