import { Link } from "react-router";
import { formatInteger } from "../../domain/money";
import { pluralWord } from "../../domain/words";


type Props = {
  page: number;
  pageCount: number;
  pageSize: number;
  matching: number;
  hrefFor: (page: number) => string;
};

/** 'Mostrando 1–24 de 5.000 clientes' with Anterior / Próxima links. */
export function Pagination({ page, pageCount, pageSize, matching, hrefFor }: Props) {
  const first = matching === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, matching);
  const disabled = "btn-secondary pointer-events-none opacity-50";
  return (
    <nav aria-label="Paginação" className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" data-testid="pagination-summary">
        Mostrando {formatInteger(first)}–{formatInteger(last)} de {formatInteger(matching)}{" "}
        {pluralWord(matching, "cliente", "clientes")}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="btn-secondary" rel="prev">
              ← Anterior
            </Link>
          ) : (
            <span className={disabled} aria-disabled="true">
              ← Anterior
            </span>
          )}
          <span className="px-1 text-sm text-slate-600">
            Página {page} de {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className="btn-secondary" rel="next">
              Próxima →
            </Link>
          ) : (
            <span className={disabled} aria-disabled="true">
              Próxima →
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
