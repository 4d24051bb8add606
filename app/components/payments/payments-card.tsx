import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";
import { SectionCard } from "../section-card";

/** Configurações > Pagamentos, where its forms post. */
export const PAYMENTS_PATH = "/configuracoes/pagamentos";
/** `?desconectar=1`: the confirmation step before 'Desconectar' (a page state, so it works without JS). */
export const CONFIRM_DISCONNECT = "desconectar";

export type PaymentsView =
  | { configured: false }
  | { configured: true; account: null }
  | { configured: true; account: { accountId: string; since: string; testMode: boolean }; confirming: boolean };

/** The server has no Mercado Pago application (or no encryption key): today's static Pix stays. */
function NotConfigured() {
  return (
    <SectionCard title="Pagamentos online" intro="Cobrança automática do sinal por Pix, com confirmação sozinha.">
      <p className="text-slate-800">Os pagamentos online não estão configurados neste servidor.</p>
      <p className="text-sm text-slate-600">
        O sinal continua sendo pago pelo código Pix da sua chave (em{" "}
        <Link to="/configuracoes/perfil" className="font-semibold underline">
          Perfil
        </Link>
        ), e você confirma o recebimento como hoje.
      </p>
    </SectionCard>
  );
}

function ConnectForm() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "connect";
  return (
    <SectionCard
      title="Mercado Pago"
      intro="Receba o sinal por Pix direto na sua conta do Mercado Pago: o cliente paga pelo código gerado na hora e o horário se confirma sozinho."
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>Você autoriza o Agendo na página do Mercado Pago e volta para cá.</li>
        <li>O dinheiro cai na sua conta do Mercado Pago.</li>
        <li>Sem conta conectada, o sinal continua pelo código Pix da sua chave, com confirmação manual.</li>
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="connect" />
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Abrindo o Mercado Pago..." : "Conectar Mercado Pago"}
        </button>
      </Form>
    </SectionCard>
  );
}

function Connected({ account, confirming }: { account: { accountId: string; since: string; testMode: boolean }; confirming: boolean }) {
  return (
    <SectionCard
      title="Mercado Pago"
      intro="Os sinais são cobrados por Pix na sua conta do Mercado Pago e confirmados sozinhos."
      aside={<span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800">CONECTADO</span>}
    >
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Conta do Mercado Pago</dt>
        <dd className="font-medium break-all">
          {account.accountId}
          {account.testMode ? <span className="ml-2 text-xs font-normal text-amber-700">(conta de teste)</span> : null}
        </dd>
        <dt className="text-slate-600">Conectada desde</dt>
        <dd className="font-medium">{account.since}</dd>
      </dl>
      {confirming ? null : (
        <Link to={`?${CONFIRM_DISCONNECT}=1`} preventScrollReset className="btn-secondary">
          Desconectar
        </Link>
      )}
      {confirming ? (
        <ConfirmDialog
          title="Desconectar o Mercado Pago?"
          question="Os próximos sinais voltam a ser pagos pelo código Pix da sua chave, e você confirma o recebimento."
          intent="disconnect"
          confirmLabel="Sim, desconectar"
          pendingLabel="Desconectando..."
          cancelHref={PAYMENTS_PATH}
        >
          <p className="text-sm text-slate-600">Os dados de acesso à sua conta são apagados do Agendo. O que já foi pago continua na sua conta do Mercado Pago; se precisar devolver um sinal já pago, faça isso pelo app do Mercado Pago.</p>
        </ConfirmDialog>
      ) : null}
    </SectionCard>
  );
}

/** The Pagamentos tab: not configured, 'Conectar Mercado Pago', or the connected account. */
export function PaymentsCard({ view }: { view: PaymentsView }) {
  if (!view.configured) return <NotConfigured />;
  if (!view.account) return <ConnectForm />;
  return <Connected account={view.account} confirming={view.confirming} />;
}
