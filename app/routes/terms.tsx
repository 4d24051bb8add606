import type { Route } from "./+types/terms";
import { LegalPage } from "../components/legal-page";
import { env } from "../utils/env.server";

// /termos: the terms a professional accepts on registering, in plain Portuguese.

export const meta: Route.MetaFunction = () => [
  { title: "Termos de uso — Agendo" },
  { name: "description", content: "As regras de uso do Agendo para profissionais e para quem agenda pela página deles." },
];

export function loader() {
  return { support: env().SUPPORT_EMAIL };
}

export default function Terms({ loaderData: { support } }: Route.ComponentProps) {
  return (
    <LegalPage title="Termos de uso" updated="24/11/2026">
      <p>
        O Agendo é uma agenda online para profissionais de beleza (barbeiros, cabeleireiros, manicures, salões). Ao criar uma
        conta você aceita estes termos e a <a href="/privacidade" className="underline">política de privacidade</a>.
      </p>
      <h2>A sua conta</h2>
      <ul>
        <li>Você se cadastra com seus dados verdadeiros e guarda sua senha; o que for feito na sua conta é de sua responsabilidade.</li>
        <li>Cada conta começa com 7 dias grátis. Depois, o uso continua com um plano pago (mensal ou anual, em reais), cobrado por cartão através do Stripe. Você pode cancelar quando quiser; o acesso segue até o fim do período pago.</li>
        <li>Num plano de equipe, a pessoa responsável pela equipe paga e vincula outros profissionais; cada um tem a sua agenda e os seus clientes. Se o plano dela acabar, os vinculados perdem o acesso pela equipe, mas não os seus dados.</li>
        <li>Você pode baixar todos os seus dados e excluir a sua conta a qualquer momento, em Configurações &gt; Geral.</li>
      </ul>
      <h2>Os seus clientes</h2>
      <ul>
        <li>Os dados dos seus clientes (nome, telefone e o que mais você anotar) são seus: você decide o que cadastrar e é responsável por usá-los só para atender e falar com eles, como pede a Lei Geral de Proteção de Dados (LGPD). O Agendo guarda e processa esses dados para você.</li>
        <li>Quem agenda pela sua página não precisa de conta. A solicitação fica reservando o horário até você aceitar ou recusar.</li>
      </ul>
      <h2>Uso permitido</h2>
      <ul>
        <li>Não use o Agendo para enviar mensagens não solicitadas, para guardar dados de quem não é seu cliente, nem para tentar acessar contas de outras pessoas.</li>
        <li>Podemos suspender uma conta que faça isso, ou que deixe de pagar o plano, avisando pelo e-mail cadastrado.</li>
      </ul>
      <h2>O serviço</h2>
      <ul>
        <li>Fazemos o possível para o Agendo estar sempre no ar e guardar seus dados com segurança, mas o serviço é oferecido como está: confira sua agenda e combine com seus clientes os detalhes importantes.</li>
        <li>Podemos mudar estes termos; mudanças importantes são avisadas por e-mail antes de valerem.</li>
      </ul>
      <h2>Contato</h2>
      <p>
        Dúvidas sobre estes termos: <a href={`mailto:${support}`} className="underline">{support}</a>.
      </p>
    </LegalPage>
  );
}
