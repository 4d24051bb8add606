import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, Link, useNavigation } from "react-router";
import { clientSchema } from "../../validation/clients";
import { Alert, Field, FieldError, FormFooter, phoneMask } from "../forms";

type ClientFormValues = {
  id: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  birthDate: string;
  notes: string;
};

type Props = {
  client: ClientFormValues | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  alert: { title: string; text: string } | null | undefined;
  today: string;
  cancelHref: string;
};

/** 'Novo Cliente' / 'Editar Cliente', full screen in place of the list. */
export function ClientForm({ client, lastResult, alert, today, cancelHref }: Props) {
  const navigation = useNavigation();
  const intent = client ? "update" : "create";
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: `client-form-${client?.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: client ?? undefined,
    onValidate: ({ formData }) => parseForm(formData, { schema: clientSchema(today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <ClientFormHeader editing={!!client} cancelHref={cancelHref} />
      {alert ? <Alert title={alert.title} text={alert.text} /> : null}
      <Form method="post" className="card space-y-4 p-4 sm:p-6" {...getFormProps(form)}>
        {client ? <input type="hidden" name="id" value={client.id} /> : null}
        <Field
          label="Nome completo *"
          errors={fields.name.errors}
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            autoComplete: "off",
            placeholder: "Nome e sobrenome",
          }}
        />
        <Field
          label="Telefone *"
          errors={fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), ...phoneMask, autoComplete: "off" }}
        />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "off",
            placeholder: "cliente@email.com",
          }}
        />
        <Field
          label="Endereço"
          errors={fields.address.errors}
          inputProps={{
            ...getInputProps(fields.address, { type: "text" }),
            autoComplete: "off",
            placeholder: "Rua, número, bairro",
          }}
        />
        <Field
          label="Data de nascimento"
          errors={fields.birthDate.errors}
          inputProps={{ ...getInputProps(fields.birthDate, { type: "date" }), min: "1900-01-01", max: today }}
        />
        <div>
          <label htmlFor={fields.notes.id} className="label">
            Observações
          </label>
          <textarea
            {...getTextareaProps(fields.notes)}
            rows={4}
            maxLength={1000}
            className="input"
            placeholder="Preferências, alergias, lembretes..."
          />
          <FieldError id={fields.notes.errorId} errors={fields.notes.errors} />
        </div>
        <FormFooter label={client ? "Atualizar" : "Cadastrar"} saving={saving} cancelHref={cancelHref} intent={intent} />
      </Form>
    </div>
  );
}

/** The way back to the list, the title and what to fill in. */
function ClientFormHeader({ editing, cancelHref }: { editing: boolean; cancelHref: string }) {
  return (
    <header className="flex items-center gap-3">
      <Link
        to={cancelHref}
        className="flex size-10 items-center justify-center rounded-full text-xl text-slate-600 hover:bg-slate-200"
        aria-label="Voltar para a lista de clientes"
      >
        ←
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{editing ? "Editar Cliente" : "Novo Cliente"}</h1>
        <p className="text-sm text-slate-600">
          {editing ? "Altere os dados e salve." : "Preencha os dados do cliente."} Campos com * são obrigatórios.
        </p>
      </div>
    </header>
  );
}
