import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthLayout } from "../components/auth-layout";
import { Alert, PasswordField } from "../components/forms";
import { findResetToken, resetPassword } from "../domain/accounts/credentials.server";
import { getDb } from "../utils/db.server";
import { startSession } from "../domain/accounts/access.server";
import { redirectWithToast } from "../utils/toast.server";
import { newPasswordSchema } from "../validation/auth";
import { readForm } from "../utils/actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Redefinir senha — Agendo" }];

const INVALID = {
  title: "Link inválido ou expirado",
  text: "Peça um novo link em 'Esqueceu a senha?' na tela de login.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token ? !!(await findResetToken(getDb(context), token)) : false;
  return data({ token, valid }, { status: valid ? 200 : 400, headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await readForm(request), { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), invalid: false }, { status: 400 });
  }
  const db = getDb(context);
  const user = await resetPassword(db, submission.value.token, submission.value.password);
  if (!user) {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), invalid: true }, { status: 400 });
  }
  // The link proved who this is: they are signed in at once, so no sign-in lockout (someone else
  // guessing their password) can keep the owner out (docs/decisions/0541).
  const cookie = await startSession(db, request, user);
  return redirectWithToast(
    request,
    "/dashboard",
    { type: "success", title: "Senha redefinida!", description: "Você já está conectado com a nova senha." },
    { headers: { "Set-Cookie": cookie } },
  );
}

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: ({ formData }) => parseForm(formData, { schema: newPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const invalid = !valid || actionData?.invalid;
  return (
    <AuthLayout panelTitle="Nova senha, mesma agenda" panelText="Defina uma nova senha e volte a atender.">
      <div className="card space-y-5 p-6 sm:p-8">
        <h1 className="text-2xl font-bold">Redefinir senha</h1>
        {invalid ? (
          <>
            <Alert title={INVALID.title} text={INVALID.text} />
            <Link to="/login" className="btn-primary w-full">
              Voltar ao login
            </Link>
          </>
        ) : (
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="token" value={token} />
            <PasswordField
              label="Nova senha"
              errors={fields.password.errors}
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            />
            <PasswordField
              label="Confirmar nova senha"
              errors={fields.confirmPassword.errors}
              inputProps={{
                ...getInputProps(fields.confirmPassword, { type: "password" }),
                autoComplete: "new-password",
              }}
            />
            <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
              {navigation.state !== "idle" ? "Salvando..." : "Salvar nova senha"}
            </button>
          </Form>
        )}
      </div>
    </AuthLayout>
  );
}
