import { SectionCard } from "../section-card";

/** 'Exportar meus dados': a plain download link, so it works with JavaScript off too. */
export function ExportCard({ href }: { href: string }) {
  return (
    <SectionCard
      title="Exportar meus dados"
      intro="Baixe um arquivo .zip com tudo o que está na sua conta: perfil, configurações, horários, categorias, serviços, clientes, agendamentos, solicitações, contas vinculadas e assinatura. Vem em JSON e em planilhas CSV (abrem no Excel e no Google Planilhas)."
    >
      <div>
        <a href={href} download className="btn-secondary inline-flex">
          Baixar meus dados (.zip)
        </a>
      </div>
    </SectionCard>
  );
}
