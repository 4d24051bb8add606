// `npm run mp:standin`: Mercado Pago's local stand-in (tests/support/mercadopago-stand-in.ts, the
// one the tests use) for trying the deposits by hand. It prints the variables that point
// `npm start` at it, lists each Pix the app charges, and pays one when asked (Enter: the latest;
// or its number): the stand-in then sends the app the signed notification Mercado Pago would.
// README 'Try Mercado Pago by hand'. Never reaches Mercado Pago.
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from "../tests/support/mercadopago-stand-in";
import { mercadoPagoTestEnv } from "../tests/support/mercadopago";

const DEFAULT_PORT = 3100;

const brl = (amount: unknown) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(amount));

/** The command that starts the app against the stand-in at `url`. */
export function appCommand(url: string): string {
  const vars = Object.entries(mercadoPagoTestEnv(url)).map(([k, v]) => `${k}=${v}`);
  return `${vars.join(" \\\n  ")} \\\n  npm start`;
}

/**
 * Starts the stand-in and talks on `output`: each new Pix as it is charged, and a payment for
 * each line read from `input` (empty: the latest still unpaid; a number: that one).
 */
export async function runStandInByHand(opts: { port: number; input: Readable; output: Writable; pollMs?: number }) {
  const standIn: MercadoPagoStandIn = await startMercadoPagoStandIn({ port: opts.port, host: "127.0.0.1" });
  const say = (line = "") => opts.output.write(`${line}\n`);
  say(`Mercado Pago stand-in on ${standIn.url}`);
  say();
  say("Start the app against it, in another terminal:");
  say();
  say(`  ${appCommand(standIn.url)}`);
  say();
  say("Then, as the professional: Configurações > Pagamentos > 'Conectar Mercado Pago' ('Permitir' on the");
  say("stand-in's page); a service with 'Exigir sinal'. As a customer: book it on the booking page with an e-mail.");
  say("Each Pix the app charges shows here. Enter pays the latest; a number pays that one.");
  say();

  const seen = new Set<number>();
  const watch = setInterval(() => {
    for (const p of standIn.payments.values()) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      const payer = (p.payer as { email?: string } | undefined)?.email ?? "";
      say(`Pix ${p.id}: ${brl(p.transaction_amount)} from ${payer} (until ${String(p.date_of_expiration)})`);
    }
  }, opts.pollMs ?? 500);

  const lines = createInterface({ input: opts.input });
  lines.on("line", async (line) => {
    const asked = line.trim();
    const unpaid = [...standIn.payments.values()].filter((p) => p.status === "pending");
    const payment = asked ? standIn.payments.get(Number(asked)) : unpaid.at(-1);
    if (!payment) return say(asked ? `No Pix ${asked}.` : "No Pix waiting to be paid.");
    const delivery = await standIn.pay(payment.id);
    say(
      delivery.status === 200
        ? `Pix ${payment.id} paid: the app took the notification (HTTP 200).`
        : `Pix ${payment.id} paid, but the app answered the notification with HTTP ${delivery.status || "nothing (is it running?)"}.`,
    );
  });

  return {
    url: standIn.url,
    close: async () => {
      clearInterval(watch);
      lines.close();
      await standIn.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runStandInByHand({ port: Number(process.env.MP_STANDIN_PORT ?? DEFAULT_PORT), input: process.stdin, output: process.stdout });
}
