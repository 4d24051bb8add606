/** 'Exportar meus dados': a plain download link, so it works with JavaScript off too. */
export function ExportCard({ href }: { href: string }) {
  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="export-title">
      <div>
        <h2 id="export-title" className="text-lg font-semibold">
          Exportar meus dados
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Baixe um arquivo .zip com tudo o que está na sua conta: perfil, configurações, horários, categorias,
          serviços, clientes, agendamentos, solicitações, contas vinculadas e assinatura. Vem em JSON e em
          planilhas CSV (abrem no Excel e no Google Planilhas).
        </p>
      </div>
      <div>
        <a href={href} download className="btn-secondary inline-flex">
          Baixar meus dados (.zip)
        </a>
      </div>
    </section>
  );
}
