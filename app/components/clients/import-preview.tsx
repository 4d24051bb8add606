import { Form, Link, useNavigation } from "react-router";
import { formatDate } from "../../domain/dates";
import { formatPhone } from "../../domain/phone";
import { CSV_FIELD_LABELS, CSV_FIELDS, type ColumnChoice, type CsvMapping } from "../../domain/clients/import/csv";
import { SectionCard } from "../section-card";
import { plural, pluralWord } from "../../domain/words";

export type ImportPreviewData = {
  id: string;
  fileName: string;
  columns: { mapping: CsvMapping; choices: ColumnChoice[] } | null;
  counts: { create: number; existing: number; refused: number; repeated: number; withoutYear: number };
  create: { name: string; phone: string; email: string; birthDate: string }[];
  existing: string[];
  refused: { name: string; reason: string }[];
};


export function importLabel(n: number) {
  return `Importar ${plural(n, "cliente", "clientes")}`;
}

export function ImportPreviewView({ preview }: { preview: ImportPreviewData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { counts } = preview;
  const more = (shown: number, total: number) => (total > shown ? <p className="mt-2 text-xs text-slate-600">e mais {(total - shown).toLocaleString("pt-BR")}</p> : null);
  return (
    <>
      {preview.columns ? <ColumnsForm id={preview.id} columns={preview.columns} /> : null}
      <SectionCard title="Prévia da importação" intro={`Arquivo: ${preview.fileName}`}>
        <ul className="grid gap-2 text-sm sm:grid-cols-2" aria-label="Resumo">
          <li className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
            <strong>{plural(counts.create, "novo cliente", "novos clientes")}</strong> {pluralWord(counts.create, "será criado", "serão criados")}
          </li>
          <li className="rounded-lg bg-slate-50 p-3">
            <strong>{plural(counts.existing, "contato", "contatos")}</strong> {pluralWord(counts.existing, "já é cliente", "já são clientes")} (mesmo telefone)
          </li>
          <li className="rounded-lg bg-amber-50 p-3 text-amber-900">
            <strong>{plural(counts.refused, "contato recusado", "contatos recusados")}</strong>
          </li>
          {counts.repeated ? (
            <li className="rounded-lg bg-slate-50 p-3">
              <strong>{plural(counts.repeated, "contato repetido", "contatos repetidos")}</strong> no arquivo (fica o primeiro de cada)
            </li>
          ) : null}
        </ul>
        {counts.withoutYear ? (
          <p className="text-sm text-slate-600">
            {plural(counts.withoutYear, "aniversário está", "aniversários estão")} sem o ano de nascimento e não{" "}
            {pluralWord(counts.withoutYear, "será importado", "serão importados")}.
          </p>
        ) : null}
        {preview.create.length ? (
          <details open className="text-sm">
            <summary className="cursor-pointer font-semibold">Serão criados</summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left">
                <thead className="text-xs text-slate-600">
                  <tr>
                    <th className="py-1 pr-3 font-medium">Nome</th>
                    <th className="py-1 pr-3 font-medium">Telefone</th>
                    <th className="hidden py-1 pr-3 font-medium sm:table-cell">E-mail</th>
                    <th className="py-1 font-medium">Aniversário</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.create.map((c) => (
                    <tr key={c.phone} className="border-t border-slate-100">
                      <td className="py-1 pr-3">{c.name}</td>
                      <td className="whitespace-nowrap py-1 pr-3">{formatPhone(c.phone)}</td>
                      <td className="hidden py-1 pr-3 sm:table-cell">{c.email}</td>
                      <td className="py-1">{c.birthDate ? formatDate(c.birthDate, true) : ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {more(preview.create.length, counts.create)}
          </details>
        ) : null}
        {preview.refused.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-semibold">Recusados</summary>
            <ul className="mt-2 space-y-1">
              {preview.refused.map((r, i) => (
                <li key={i}>
                  {r.name || "Contato sem nome"} — <span className="text-amber-800">{r.reason}</span>
                </li>
              ))}
            </ul>
            {more(preview.refused.length, counts.refused)}
          </details>
        ) : null}
        {preview.existing.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-semibold">Já são clientes</summary>
            <p className="mt-2 text-slate-700">{preview.existing.join(", ")}</p>
            {more(preview.existing.length, counts.existing)}
          </details>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Link to="/clientes/importar" className="btn-secondary">
            Escolher outro arquivo
          </Link>
          {counts.create > 0 ? (
            <Form method="post">
              <input type="hidden" name="id" value={preview.id} />
              <button type="submit" name="intent" value="import" className="btn-primary w-full" disabled={busy}>
                {busy ? "Importando..." : importLabel(counts.create)}
              </button>
            </Form>
          ) : (
            <p role="status" className="self-center text-sm text-slate-600">
              Nenhum cliente novo para importar neste arquivo.
            </p>
          )}
        </div>
      </SectionCard>
    </>
  );
}

function ColumnsForm({ id, columns }: { id: string; columns: NonNullable<ImportPreviewData["columns"]> }) {
  return (
    <SectionCard title="Colunas do arquivo" intro="Confira de qual coluna vem cada informação e corrija se precisar.">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="id" value={id} />
        <div className="grid gap-3 sm:grid-cols-2">
          {CSV_FIELDS.map((field) => (
            <div key={field}>
              <label htmlFor={`coluna-${field}`} className="label">
                {CSV_FIELD_LABELS[field]}
              </label>
              <select id={`coluna-${field}`} name={field} defaultValue={columns.mapping[field] ?? ""} className="input">
                <option value="">— não importar —</option>
                {columns.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <div className="flex justify-end">
          <button type="submit" name="intent" value="map" className="btn-secondary">
            Atualizar prévia
          </button>
        </div>
      </Form>
    </SectionCard>
  );
}
