import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, useNavigation } from "react-router";
import { FormFooter, PasswordField } from "../forms";
import { changePasswordSchema } from "../../validation/account";
import { SectionCard } from "../section-card";

/** 'Alterar senha': current password, new password and its confirmation. */
export function ChangePasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "change-password";
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: navigation.state === "idle" ? lastResult : null,
    onValidate: ({ formData }) => parseForm(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <SectionCard
      title="Alterar senha"
      intro="Ao alterar a senha, as sessões abertas em outros aparelhos são encerradas. Este aparelho continua conectado."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="change-password" />
        <PasswordField
          label="Senha atual"
          errors={fields.currentPassword.errors}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="Nova senha"
            errors={fields.password.errors}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          />
          <PasswordField
            label="Confirmar nova senha"
            errors={fields.confirmPassword.errors}
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          />
        </div>
        <p className="text-xs text-slate-500">A nova senha precisa ter pelo menos 6 caracteres.</p>
        <FormFooter label="Alterar senha" saving={saving} />
      </Form>
    </SectionCard>
  );
}
