import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "../use-hydrated";

/**
 * 'Agenda no seu calendário': the private feed's address (selectable without JS, 'Copiar' with it),
 * 'Incluir telefone e observações' with its risk said beside it, how to add it to Google Calendar
 * and the iPhone, and 'Gerar novo link' (the old one stops).
 */
export function CalendarFeedCard({
  feed,
  details,
  detailsError,
}: {
  feed: { webcal: string; https: string } | null;
  details: boolean;
  detailsError: string | null;
}) {
  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="feed-title">
      <div>
        <h2 id="feed-title" className="text-lg font-semibold">
          Agenda no seu calendário
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Veja seus agendamentos no Google Agenda ou no calendário do iPhone, atualizados sozinhos (de 30 dias atrás até 6
          meses à frente). O endereço é pessoal: quem o tiver vê sua agenda. Cada horário mostra o serviço e o primeiro
          nome do cliente.
        </p>
      </div>
      {feed ? (
        <>
          <FeedAddress webcal={feed.webcal} />
          <FeedDetailsForm details={details} error={detailsError} />
          <FeedHowTo webcal={feed.webcal} />
          <Form method="post" className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
            <p className="text-xs text-slate-500">Compartilhou sem querer? Gere um novo link: o atual para de funcionar.</p>
            <button type="submit" name="intent" value="feed-renew" className="btn-secondary">
              Gerar novo link
            </button>
          </Form>
        </>
      ) : (
        <Form method="post">
          <button type="submit" name="intent" value="feed-renew" className="btn-primary">
            Criar endereço da agenda
          </button>
        </Form>
      )}
    </section>
  );
}

/** The feed's address, selected on focus; 'Copiar' once JavaScript runs. */
function FeedAddress({ webcal }: { webcal: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<string | null>(null);
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("Endereço copiado.");
    } catch {
      setCopied("Não foi possível copiar. Selecione o endereço e copie manualmente.");
    }
  }
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="feed-url" className="sr-only">
          Endereço da agenda
        </label>
        <input
          id="feed-url"
          type="text"
          readOnly
          value={webcal}
          className="input font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={() => copy(webcal)}>
            Copiar
          </button>
        ) : null}
      </div>
      {copied ? (
        <p role="status" className="text-sm text-slate-700">
          {copied}
        </p>
      ) : null}
    </>
  );
}

/** How to add the feed to Google Agenda and to the iPhone. */
function FeedHowTo({ webcal }: { webcal: string }) {
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <div className="rounded-lg border border-slate-200 p-3">
        <h3 className="font-semibold">Google Agenda</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-700">
          <li>No computador, abra calendar.google.com.</li>
          <li>Em “Outras agendas”, toque em + e depois em “Do URL”.</li>
          <li>Cole o endereço acima e toque em “Adicionar agenda”.</li>
        </ol>
        <p className="mt-1 text-xs text-slate-500">O Google atualiza a agenda de tempos em tempos (pode levar algumas horas).</p>
      </div>
      <div className="rounded-lg border border-slate-200 p-3">
        <h3 className="font-semibold">iPhone</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-700">
          <li>
            Toque em{" "}
            <a href={webcal} className="font-medium text-brand underline">
              Assinar no iPhone
            </a>{" "}
            (ou Ajustes → Calendário → Contas → Adicionar Conta → Outra → Adicionar Calendário Assinado).
          </li>
          <li>Confirme com “Assinar”.</li>
        </ol>
      </div>
    </div>
  );
}

/** 'Incluir telefone e observações': off by default, with what turning it on exposes said beside it. */
function FeedDetailsForm({ details, error }: { details: boolean; error: string | null }) {
  return (
    <Form method="post" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <input type="hidden" name="intent" value="feed-details" />
      <div className="flex items-start gap-3">
        <input
          key={String(details)}
          id="feed-details"
          type="checkbox"
          name="feedDetails"
          defaultChecked={details}
          aria-describedby="feed-details-risk"
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand"
        />
        <div>
          <label htmlFor="feed-details" className="block cursor-pointer text-sm font-medium text-slate-900">
            Incluir telefone e observações
          </label>
          <p id="feed-details-risk" className="text-xs text-slate-600">
            Ligado, cada horário mostra também o nome completo, o telefone e as observações do cliente. Atenção: qualquer
            pessoa que tiver o endereço da agenda, ou acesso ao calendário onde você o adicionou, passa a ver esses dados
            dos seus clientes. Deixe desligado se não tiver certeza.
          </p>
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-secondary">
        Salvar opção
      </button>
    </Form>
  );
}
