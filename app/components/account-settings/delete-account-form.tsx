import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, useNavigation } from "react-router";
import { Alert, FieldError, PasswordField } from "../forms";
import { deleteAccountSchema } from "../../validation/account";

type Props = {
  lastResult: SubmissionResult<string[]> | null;
  /** Shown above the form when the server refused for a reason outside the fields. */
  failure: { title: string; text: string } | null;
  paidSubscription: boolean;
  linkedCount: number;
};

/**
 * 'Excluir conta': the password and an explicit confirmation box in one plain form, so it asks
 * first with JavaScript on or off.
 */
export function DeleteAccountForm({ lastResult, failure, paidSubscription, linkedCount }: Props) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-account";
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: navigation.state === "idle" ? lastResult : null,
    onValidate: ({ formData }) => parseForm(formData, { schema: deleteAccountSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const confirmErrorId = `${fields.confirm.id}-error`;
  return (
    <section className="card space-y-4 border-red-200 p-4 sm:p-6" aria-labelledby="delete-title">
      <div>
        <h2 id="delete-title" className="text-lg font-semibold text-red-800">
          Excluir conta
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Exclui para sempre sua conta e todos os seus dados: perfil, página de agendamento, horários, serviços,
          clientes, agendamentos e solicitações. Não é possível desfazer. Se quiser guardar uma cópia, baixe seus
          dados antes.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {paidSubscription ? <li>Sua assinatura será cancelada na hora e não haverá novas cobranças.</li> : null}
          {linkedCount > 0 ? (
            <li>
              {linkedCount === 1
                ? "A conta vinculada a você perde o acesso pela sua assinatura."
                : `As ${linkedCount} contas vinculadas a você perdem o acesso pela sua assinatura.`}
            </li>
          ) : null}
          <li>Seu link de agendamento deixa de funcionar.</li>
        </ul>
      </div>
      {failure ? <Alert title={failure.title} text={failure.text} /> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="delete-account" />
        <PasswordField
          label="Sua senha"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              {...getInputProps(fields.confirm, { type: "checkbox" })}
              aria-invalid={fields.confirm.errors?.length ? true : undefined}
              aria-describedby={fields.confirm.errors?.length ? confirmErrorId : undefined}
              className="mt-0.5 size-4 rounded border-slate-300"
            />
            <span>Entendo que a exclusão é permanente e que meus dados não poderão ser recuperados.</span>
          </label>
          <FieldError id={confirmErrorId} errors={fields.confirm.errors} />
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn-danger" disabled={deleting}>
            {deleting ? "Excluindo..." : "Excluir minha conta"}
          </button>
        </div>
      </Form>
    </section>
  );
}
