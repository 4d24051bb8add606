import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/clients.import";
import { Alert, FieldError } from "../components/forms";
import { ImportPreviewView } from "../components/clients/import-preview";
import { SectionCard } from "../components/section-card";
import { getDb } from "../utils/db.server";
import { requireUser } from "./workspace.server";
import { importPreview, uploadFile, waitingImportAction, type ImportActionData } from "./clients.import.server";

export const meta: Route.MetaFunction = () => [{ title: "Importar clientes — Clientes — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const id = new URL(request.url).searchParams.get("arquivo");
  if (id === null) return { mode: "upload" as const };
  return { mode: "preview" as const, preview: await importPreview(getDb(context), user.id, id, user.profile.timeZone) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const multipart = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  // The file comes as multipart (read here within its own limit); the other intents as plain forms.
  if (multipart) return uploadFile(request, db, user.id);
  return waitingImportAction(request, db, user.id, user.profile.timeZone);
}

export default function ImportClients() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ImportActionData>();
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Importar clientes</h1>
          <p className="text-sm text-slate-600">Traga os contatos do celular ou de outra agenda</p>
        </div>
        <Link to="/clientes" className="btn-secondary">
          Voltar para Clientes
        </Link>
      </header>
      {actionData && "alert" in actionData ? <Alert title="Erro" text={actionData.alert} /> : null}
      {loaderData.mode === "upload" ? (
        <UploadForm error={actionData && "fileError" in actionData ? actionData.fileError : null} />
      ) : (
        <ImportPreviewView preview={loaderData.preview} />
      )}
    </div>
  );
}

function UploadForm({ error }: { error: string | null }) {
  const navigation = useNavigation();
  const reading = navigation.state === "submitting" && navigation.formAction?.startsWith("/clientes/importar");
  return (
    <SectionCard title="Escolha o arquivo" intro="Nada é salvo antes de você conferir a prévia e confirmar.">
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <strong>Android:</strong> Contatos &gt; Corrigir e gerenciar &gt; Exportar para arquivo (.vcf).
        </li>
        <li>
          <strong>iPhone:</strong> Contatos &gt; Listas &gt; toque e segure &quot;Todos os contatos&quot; &gt; Exportar (.vcf).
        </li>
        <li>
          <strong>Google Contatos, Outlook ou outra agenda:</strong> exporte em CSV.
        </li>
      </ul>
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        <div>
          <label htmlFor="arquivo" className="label">
            Arquivo de contatos (.vcf ou .csv)
          </label>
          <input
            id="arquivo"
            name="arquivo"
            type="file"
            required
            accept=".vcf,.vcard,.csv,.txt,text/vcard,text/x-vcard,text/csv"
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "arquivo-error" : "arquivo-hint"}
          />
          <p id="arquivo-hint" className="mt-1 text-xs text-slate-600">
            Até 5 MB e 10.000 contatos.
          </p>
          <FieldError id="arquivo-error" errors={error ? [error] : null} />
        </div>
        <div className="flex justify-end">
          <button type="submit" name="intent" value="upload" className="btn-primary" disabled={reading}>
            {reading ? "Lendo arquivo..." : "Ver prévia"}
          </button>
        </div>
      </Form>
    </SectionCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
