import type { Route } from "./+types/privacy";
import { LegalPage } from "../components/legal-page";
import { env } from "../utils/env.server";

// /privacidade: what is stored about professionals and their customers, why, for how long, who
// processes it, and how to ask for access or deletion (LGPD). Every statement matches what the
// code does (docs/decisions/0582); change them together.

export const meta: Route.MetaFunction = () => [
  { title: "Privacidade — Agendo" },
  { name: "description", content: "Que dados o Agendo guarda de profissionais e de quem agenda, por quanto tempo, com quem e como pedir acesso ou exclusão." },
];

export function loader() {
  return { support: env().SUPPORT_EMAIL };
}

export default function Privacy({ loaderData: { support } }: Route.ComponentProps) {
  return (
    <LegalPage title="Política de privacidade" updated="26/11/2026">
      <p>
        Esta página explica, em linguagem simples, que dados o Agendo guarda, para quê, por quanto tempo, quem os processa e
        como você pede acesso ou exclusão, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018, LGPD).
      </p>

      <h2>Quem é responsável</h2>
      <p>
        Os dados de quem agenda um horário pertencem ao profissional que o atende: ele é o <strong>controlador</strong> desses
        dados. O Agendo é o <strong>operador</strong>: guarda e processa os dados em nome do profissional, só para a agenda
        funcionar. Os dados da conta do profissional são tratados pelo Agendo como controlador.
      </p>

      <CustomerData />
      <ProfessionalData />

      <h2>Quem processa os dados</h2>
      <ul>
        <li><strong>Cloudflare</strong> — hospedagem do site (os pedidos passam pelos servidores dela).</li>
        <li><strong>Turso</strong> — banco de dados onde tudo fica guardado.</li>
        <li><strong>Resend</strong> — envio dos e-mails.</li>
        <li><strong>Meta</strong> — envio de lembretes e avisos pelo WhatsApp, quando o envio automático está ativo.</li>
        <li><strong>Stripe</strong> — pagamento dos planos por cartão; os dados do cartão vão direto para o Stripe, nunca para o Agendo.</li>
      </ul>
      <p>Não vendemos dados e não usamos dados para publicidade.</p>

      <h2>Seus direitos</h2>
      <p>
        Você pode pedir para ver, corrigir ou apagar seus dados. Se você agendou um horário, fale primeiro com o profissional
        (pelo WhatsApp da página de agendamento): é ele quem decide sobre os dados da agenda dele. Se não conseguir, escreva
        para <a href={`mailto:${support}`} className="underline">{support}</a> informando o nome do profissional e o telefone
        usado no agendamento, e nós encaminhamos e acompanhamos o pedido. Profissionais resolvem tudo em Configurações &gt;
        Geral ou pelo mesmo e-mail.
      </p>
    </LegalPage>
  );
}

function CustomerData() {
  return (
    <>
      <h2>Se você agendou um horário</h2>
      <ul>
        <li>
          <strong>O que guardamos:</strong> seu nome, seu telefone/WhatsApp, seu e-mail se você o informar (é opcional), as
          observações que você escreveu, o serviço, a data e o horário. Não pedimos conta nem CPF.
        </li>
        <li>
          <strong>Para quê:</strong> reservar o horário, mostrar a solicitação ao profissional e deixar que ele fale com você. O
          endereço privado que você recebe mostra o andamento e permite remarcar ou cancelar. Se você informou um e-mail,
          mandamos por ele o recebimento, a resposta do profissional, lembretes e avisos de mudança de horário; cada lembrete
          traz um link para não receber mais.
        </li>
        <li>
          <strong>Por quanto tempo:</strong> a solicitação e, se aceita, o agendamento ficam no histórico do profissional até ele
          apagá-los ou excluir a conta dele. Quando a solicitação é aceita, você passa a constar na lista de clientes do
          profissional, que pode corrigir ou apagar seu cadastro. Das mensagens enviadas a você fica só o registro do envio: o
          texto é apagado depois de 30 dias.
        </li>
        <li>
          <strong>Contra abuso:</strong> para impedir envios em massa, contamos por 15 minutos quantas solicitações vêm de um
          telefone e de um endereço de internet (IP), e por uma hora quantas remarcações vêm de um IP. O contador é substituído
          na tentativa seguinte e apagado com a conta do profissional. Para que ninguém use a página para mandar e-mails a quem não pediu, o e-mail enviado a um endereço
          ainda desconhecido guarda, por um dia, o IP de quem fez o pedido.
        </li>
      </ul>
    </>
  );
}

function ProfessionalData() {
  return (
    <>
      <h2>Se você é profissional</h2>
      <ul>
        <li>
          <strong>O que guardamos:</strong> nome, e-mail, telefone, dados do negócio e da página de agendamento (endereço,
          cidade, especialidade, chave Pix, cores, foto reduzida), horários, serviços, clientes e agendamentos que você cadastra,
          a senha (só um resumo criptográfico, nunca a senha) e o plano.
        </li>
        <li>
          <strong>Sessões:</strong> ao entrar, guardamos uma sessão que dura enquanto o navegador estiver aberto (renovada a
          cada dia de uso) ou 30 dias com &quot;Lembrar senha&quot;. Sair encerra a sessão; trocar ou redefinir a senha encerra as
          demais.
        </li>
        <li>
          <strong>E-mails:</strong> guardamos uma cópia de cada e-mail enviado (avisos de solicitação, convites, redefinição de
          senha); o texto da cópia é apagado depois de 30 dias. O link de redefinição de senha é apagado da cópia assim que é
          usado, substituído ou expira (1 hora).
        </li>
        <li>
          <strong>Contra abuso:</strong> contamos por 15 minutos as tentativas de entrar e de cadastro por e-mail e por endereço
          de internet.
        </li>
        <li>
          <strong>Por quanto tempo:</strong> enquanto a conta existir. Em Configurações &gt; Geral você baixa todos os seus dados
          (arquivo .zip) e exclui a conta: tudo acima é apagado na hora, inclusive os dados dos seus clientes e as cópias de
          e-mails enviados para você.
        </li>
      </ul>
    </>
  );
}
