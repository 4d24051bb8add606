import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert, FieldError } from "../forms";
import { formatMoney } from "../../domain/money";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../domain/cash/totals";
import { TotalsPanel, totalsOf, useLiveTotals } from "./closing-totals";
import { useHydrated } from "../use-hydrated";

type Values = {
  itens: { tipo?: string; servico?: string; nome?: string; preco?: string; quantidade?: string }[];
  descontoTipo?: string;
  desconto?: string;
  gorjeta?: string;
  pagamentos: { metodo?: string; valor?: string }[];
};
type Errors = Record<string, string[] | null> | null;

const moneyInput = { type: "text", inputMode: "decimal", autoComplete: "off", className: "input tabular-nums" } as const;

function errorProps(errors: Errors, name: string) {
  const list = errors?.[name];
  return { list, aria: list?.length ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {} };
}

/** A line of the items; `removable`: 'Remover' beside its label, a real submit (docs/decisions/1062). */
function ItemLine({ index, item, errors, removable, busy }: { index: number; item: Values["itens"][number]; errors: Errors; removable: boolean; busy: boolean }) {
  const name = (field: string) => `itens[${index}].${field}`;
  const [nome, preco, qtd] = [errorProps(errors, name("nome")), errorProps(errors, name("preco")), errorProps(errors, name("quantidade"))];
  const label = item.tipo === "service" ? "Serviço" : "Item";
  return (
    // On a phone the name takes the whole width (price and quantity below it), on wider screens one row.
    <li className="grid grid-cols-[1fr_5rem] gap-2 border-t border-slate-100 pt-3 first:border-0 first:pt-0 sm:grid-cols-[1fr_6.5rem_4rem]" data-testid="closing-item">
      <input type="hidden" name={name("tipo")} value={item.tipo === "service" ? "service" : "product"} />
      <input type="hidden" name={name("servico")} value={item.servico ?? ""} />
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={name("nome")} className="label">{label}</label>
          {removable ? (
            <button
              type="submit"
              name="intent"
              value={`remove-item:${index}`}
              formNoValidate
              disabled={busy}
              className="text-sm font-medium text-red-700 underline underline-offset-2 hover:text-red-800"
              id={`remover-${index}`}
              // 'Remover Pomada': the name as typed, even before the form comes back.
              aria-labelledby={`remover-${index} ${name("nome")}`}
            >
              Remover
            </button>
          ) : null}
        </div>
        <input type="text" id={name("nome")} name={name("nome")} defaultValue={item.nome ?? ""} maxLength={100} className="input" placeholder="Ex.: pomada" {...nome.aria} />
        <FieldError id={`${name("nome")}-error`} errors={nome.list} />
      </div>
      <div>
        <label htmlFor={name("preco")} className="label">Preço (R$)</label>
        <input id={name("preco")} name={name("preco")} defaultValue={item.preco ?? ""} placeholder="0,00" {...moneyInput} {...preco.aria} />
        <FieldError id={`${name("preco")}-error`} errors={preco.list} />
      </div>
      <div>
        <label htmlFor={name("quantidade")} className="label">Qtd.</label>
        <input id={name("quantidade")} name={name("quantidade")} defaultValue={item.quantidade ?? "1"} type="number" min={1} max={99} className="input tabular-nums" {...qtd.aria} />
        <FieldError id={`${name("quantidade")}-error`} errors={qtd.list} />
      </div>
    </li>
  );
}

function PaymentLines({ lines, errors }: { lines: Values["pagamentos"]; errors: Errors }) {
  const all = errorProps(errors, "pagamentos");
  return (
    <fieldset className="space-y-2" aria-describedby={all.list?.length ? "pagamentos-error" : undefined}>
      <legend className="label">Como foi pago</legend>
      <p className="text-sm text-slate-500">Mais de uma forma? Informe o valor de cada uma. Com uma só, pode deixar o valor em branco.</p>
      {lines.map((line, i) => {
        const metodo = errorProps(errors, `pagamentos[${i}].metodo`);
        const valor = errorProps(errors, `pagamentos[${i}].valor`);
        return (
          <div key={i} className="grid grid-cols-[1fr_7rem] gap-2" data-testid="payment-line">
            <div>
              <label htmlFor={`pagamentos[${i}].metodo`} className="sr-only">Forma de pagamento {i + 1}</label>
              <select id={`pagamentos[${i}].metodo`} name={`pagamentos[${i}].metodo`} defaultValue={line.metodo ?? ""} className="input" {...metodo.aria}>
                <option value="">Selecione</option>
                {PAYMENT_METHODS.map((m) => <option key={m} value={m}>{PAYMENT_METHOD_LABELS[m]}</option>)}
              </select>
              <FieldError id={`pagamentos[${i}].metodo-error`} errors={metodo.list} />
            </div>
            <div>
              <label htmlFor={`pagamentos[${i}].valor`} className="sr-only">Valor {i + 1} (R$)</label>
              <input id={`pagamentos[${i}].valor`} name={`pagamentos[${i}].valor`} defaultValue={line.valor ?? ""} placeholder="R$" {...moneyInput} {...valor.aria} />
              <FieldError id={`pagamentos[${i}].valor-error`} errors={valor.list} />
            </div>
          </div>
        );
      })}
      <FieldError id="pagamentos-error" errors={all.list} />
    </fieldset>
  );
}

function DiscountAndTip({ values, errors }: { values: Values; errors: Errors }) {
  const desconto = errorProps(errors, "desconto");
  const gorjeta = errorProps(errors, "gorjeta");
  return (
    <div className="grid grid-cols-2 gap-3">
      <div>
        <label htmlFor="desconto" className="label">Desconto</label>
        <div className="flex gap-1">
          <select name="descontoTipo" aria-label="Desconto em" defaultValue={values.descontoTipo === "percentual" ? "percentual" : "valor"} className="input w-16 px-2">
            <option value="valor">R$</option>
            <option value="percentual">%</option>
          </select>
          <input id="desconto" name="desconto" defaultValue={values.desconto ?? ""} placeholder="0" {...moneyInput} {...desconto.aria} />
        </div>
        <FieldError id="desconto-error" errors={desconto.list} />
      </div>
      <div>
        <label htmlFor="gorjeta" className="label">Gorjeta (R$)</label>
        <input id="gorjeta" name="gorjeta" defaultValue={values.gorjeta ?? ""} placeholder="0,00" {...moneyInput} {...gorjeta.aria} />
        <FieldError id="gorjeta-error" errors={gorjeta.list} />
      </div>
    </div>
  );
}

/**
 * 'Fechar atendimento': the items (the service done first), '+ Adicionar item', 'Desconto',
 * 'Gorjeta', the deposit deducted and the payment lines; a plain form, the totals live with JS.
 */
export function ClosingForm({
  appointmentId,
  values,
  errors,
  formError,
  services,
  depositCents,
  editing,
  back,
}: {
  appointmentId: string;
  values: Values;
  errors: Errors;
  formError: string | null;
  services: { id: string; name: string; priceCents: number }[];
  depositCents: number;
  editing: boolean;
  /** Where 'Cancelar' goes (the agenda the form was opened from). */
  back: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const hydrated = useHydrated();
  const live = useLiveTotals(totalsOf(values, depositCents), depositCents);
  const { reset } = live;
  useEffect(() => reset(totalsOf(values, depositCents)), [values, depositCents, reset]);
  return (
    <Form method="post" className="space-y-5" onInput={live.onInput} key={JSON.stringify(values)} noValidate>
      {/* The form's first submit: what Enter in a field presses. It recalculates; never 'Remover'. */}
      <button type="submit" name="intent" value="recalculate" formNoValidate hidden tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="id" value={appointmentId} />
      {formError ? <Alert title={formError} /> : null}
      <fieldset className="space-y-3">
        <legend className="label">Itens</legend>
        <ul className="space-y-3">
          {values.itens.map((item, i) => <ItemLine key={i} index={i} item={item} errors={errors} removable={values.itens.length > 1} busy={busy} />)}
        </ul>
        <FieldError id="itens-error" errors={errors?.itens} />
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="min-w-0">
            <label htmlFor="novoItem" className="label">Adicionar</label>
            <select id="novoItem" name="novoItem" className="input" defaultValue="">
              <option value="">Produto ou outro item (digitar)</option>
              {services.length ? (
                <optgroup label="Serviços">
                  {services.map((s) => <option key={s.id} value={s.id}>{`${s.name} (${formatMoney(s.priceCents)})`}</option>)}
                </optgroup>
              ) : null}
            </select>
          </div>
          <button type="submit" name="intent" value="add-item" formNoValidate className="btn-secondary" disabled={busy}>+ Adicionar item</button>
        </div>
      </fieldset>
      <DiscountAndTip values={values} errors={errors} />
      {depositCents ? <p className="text-sm text-slate-700">Sinal já recebido: {formatMoney(depositCents)} (descontado do total)</p> : null}
      <TotalsPanel totals={live.totals} />
      {/* Live with JavaScript; without it, the totals of what is typed come from the server. */}
      {hydrated ? null : (
        <button type="submit" name="intent" value="recalculate" formNoValidate className="btn-secondary w-full sm:w-auto" disabled={busy}>
          Recalcular total
        </button>
      )}
      <PaymentLines lines={values.pagamentos} errors={errors} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <button type="submit" name="intent" value="close" className="btn-primary" disabled={busy}>{editing ? "Salvar fechamento" : "Concluir e registrar pagamento"}</button>
        <button type="submit" name="intent" value="close-pending" className="btn-secondary" disabled={busy}>Concluir sem registrar pagamento</button>
        <Link to={back} className="btn-secondary text-center">Cancelar</Link>
      </div>
    </Form>
  );
}
