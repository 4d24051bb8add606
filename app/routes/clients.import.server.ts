// Clientes > 'Importar clientes' on the server: the upload read within its limit, the preview of
// a waiting import (with the CSV's columns), and its confirmation.
import { data, redirect } from "react-router";
import { clientClock } from "../domain/clients/clients.server";
import { columnChoices, CSV_FIELDS, mappingFrom, type CsvField, type CsvMapping } from "../domain/clients/import/csv";
import {
  clientPhones,
  commitImport,
  contactsOf,
  getImport,
  IMPORT_ERRORS,
  IMPORT_MAX_BYTES,
  readContactFile,
  saveImport,
  saveMapping,
  type WaitingImport,
} from "../domain/clients/import/import.server";
import { attemptWrite, notFound, readForm, readUploadForm, WRITE_FAILED } from "../utils/actions.server";
import type { Db } from "../utils/db.server";
import { redirectWithToast } from "../utils/toast.server";
import { previewContacts, type ImportPreview } from "../validation/client-import";
import type { ImportPreviewData } from "../components/clients/import-preview";
import { plural } from "../domain/words";

export const IMPORT_PATH = "/clientes/importar";

/** How many of each list the preview shows (the counts are always whole). */
const SHOWN = 50;

export type ImportActionData = { fileError: string } | { alert: string };

const fileError = (message: string, status = 400) => data<ImportActionData>({ fileError: message }, { status });

/** The upload: the file read within 5 MB (the body within 6), parsed, kept for the preview. */
export async function uploadFile(request: Request, db: Db, userId: string) {
  const form = await readUploadForm(request, IMPORT_MAX_BYTES + 1024 * 1024);
  if (form === "too-large") return fileError(IMPORT_ERRORS.tooLarge, 413);
  if (form === "unreadable") return fileError(IMPORT_ERRORS.unknown);
  const file = form.get("arquivo");
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return fileError(IMPORT_ERRORS.missing);
  const read = readContactFile(new Uint8Array(await file.arrayBuffer()), file.name);
  if ("error" in read) return fileError(read.error, read.error === IMPORT_ERRORS.tooLarge ? 413 : 400);
  const id = await attemptWrite("client import upload", () => saveImport(db, userId, file.name, read));
  if (id === WRITE_FAILED) return data<ImportActionData>({ alert: "Não foi possível ler o arquivo agora. Tente novamente." }, { status: 500 });
  return redirect(`${IMPORT_PATH}?arquivo=${id}`);
}

/** The intents sent as plain forms once a file is waiting: columns, confirmation, cancel. */
export async function waitingImportAction(request: Request, db: Db, userId: string, timeZone: string) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "upload") return fileError(IMPORT_ERRORS.missing); // a file comes only as multipart
  const waiting = (await getImport(db, userId, String(form.get("id") ?? ""))) ?? notFound();
  if (intent === "map" && waiting.file.kind === "csv") {
    const fields = Object.fromEntries(CSV_FIELDS.map((f) => [f, form.get(f)])) as Record<CsvField, unknown>;
    const mapping = mappingFrom(fields, waiting.file.rows[0]!.length);
    if (!mapping) return data<ImportActionData>({ alert: "Escolha, para cada informação, uma coluna do arquivo ou 'não importar'." }, { status: 400 });
    await saveMapping(db, userId, waiting.id, mapping);
    return redirect(`${IMPORT_PATH}?arquivo=${waiting.id}`);
  }
  if (intent !== "import") throw data("Ação inválida.", { status: 400 });
  const preview = await previewOf(db, userId, waiting, timeZone);
  const created = await attemptWrite("client import", () => commitImport(db, userId, waiting.id, preview.create));
  if (created === WRITE_FAILED) return data<ImportActionData>({ alert: "Não foi possível importar agora. Nada foi salvo; tente novamente." }, { status: 500 });
  return redirectWithToast(request, "/clientes", {
    type: "success",
    title: "Importação concluída",
    description: `${plural(created, "cliente importado", "clientes importados")}.`,
  });
}

async function previewOf(db: Db, userId: string, waiting: WaitingImport, timeZone: string): Promise<ImportPreview> {
  return previewContacts(contactsOf(waiting), clientClock(timeZone).today, await clientPhones(db, userId));
}

/** Everything the preview screen shows of a waiting import, lists cut to their first 50. */
export async function importPreview(db: Db, userId: string, id: string, timeZone: string): Promise<ImportPreviewData> {
  const waiting = (await getImport(db, userId, id)) ?? notFound();
  const preview = await previewOf(db, userId, waiting, timeZone);
  const mapping = waiting.mapping as CsvMapping;
  const columns = waiting.file.kind === "csv" ? { mapping, choices: columnChoices(waiting.file.rows, mapping) } : null;
  return {
    id: waiting.id,
    fileName: waiting.fileName,
    columns,
    counts: {
      create: preview.create.length,
      existing: preview.existing.length,
      refused: preview.refused.length,
      repeated: preview.repeated,
      withoutYear: preview.withoutYear,
    },
    create: preview.create.slice(0, SHOWN).map(({ name, phone, email, birthDate }) => ({ name, phone, email, birthDate })),
    existing: preview.existing.slice(0, SHOWN),
    refused: preview.refused.slice(0, SHOWN),
  };
}
