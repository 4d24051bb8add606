import { parseForm } from "../validation/parse-form";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { AuthLayout } from "../components/auth-layout";
import { Alert, Field, PasswordField } from "../components/forms";
import { createResetToken } from "../domain/accounts/credentials.server";
import { authenticator } from "./login.server";
import { TOO_MANY_ATTEMPTS_ALERT } from "../validation/auth";
import { getDb } from "../utils/db.server";
import { appUrl } from "../utils/env.server";
import { sendSoon } from "../domain/notifications/deliver-soon.server";
import { hit, LIMIT_KEYS, LIMITS } from "../utils/rate-limit.server";
import { requireAnonymous, safeRedirectPath } from "../utils/session.server";
import { clientAddress } from "../utils/request-context.server";
import { redirectWithToast } from "../utils/toast.server";
import { EMAIL_REQUIRED, resetRequestSchema } from "../validation/auth";
import { readForm } from "../utils/actions.server";

export const meta: Route.MetaFunction = () => [
  { title: "Entrar — Agendo" },
  { name: "description", content: "Entre no Agendo para ver sua agenda, seus clientes e as solicitações da sua página de agendamento." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(getDb(context), request);
  return null;
}

type Alert = { title: string; text: string };

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb(context);
  const form = await readForm(request.clone());
  if (form.get("intent") === "reset") return requestReset(request, context, form);

  const result = await authenticator(db, clientAddress(context)).authenticate("form", request);
  if (!result.ok) {
    const alert: Alert | null =
      result.status === 429
        ? TOO_MANY_ATTEMPTS_ALERT
        : result.reply.error?.[""]
          ? {
              title: "Credenciais inválidas",
              text: "E-mail ou senha incorretos. Verifique seus dados e tente novamente.",
            }
          : null;
    return data({ result: result.reply, alert }, { status: result.status });
  }
  return redirectWithToast(
    request,
    safeRedirectPath(result.redirectTo),
    { type: "success", title: "Login realizado com sucesso!", description: "Que bom ter você de volta!" },
    { headers: { "Set-Cookie": result.cookie } },
  );
}

/** 'Esqueceu a senha?': same answer whether or not the e-mail exists. */
async function requestReset(request: Request, context: Route.ActionArgs["context"], form: FormData) {
  const submission = parseForm(form, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        alert: { title: "E-mail necessário", text: EMAIL_REQUIRED },
      },
      { status: 400 },
    );
  }
  const email = submission.value.email.toLowerCase();
  const db = getDb(context);
  const limited = await hit(db, LIMIT_KEYS.reset(email), LIMITS.resetPerEmail);
  if (limited.allowed) {
    const reset = await createResetToken(db, email);
    if (reset) {
      const link = `${appUrl()}/redefinir-senha?token=${reset.token}`;
      await sendSoon(context, {
        to: email,
        sensitiveUntil: reset.expiresAt,
        subject: "Redefinição de senha — Agendo",
        text: `Olá!\n\nRecebemos um pedido para redefinir a senha da sua conta no Agendo.\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora e uma única vez):\n\n${link}\n\nSe você não pediu, ignore este e-mail: sua senha continua a mesma.`,
      });
    }
  }
  return redirectWithToast(request, "/login", {
    type: "success",
    title: "E-mail enviado!",
    description: "Verifique sua caixa de entrada para redefinir sua senha.",
  });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("intent") !== "reset";
  // Checked on the server only (the same messages, one quick answer away), so the sign-in page
  // ships no form or validation library (docs/decisions/0621).
  const reply = navigation.state === "idle" ? actionData?.result : null;
  const errors = (name: string) => reply?.error?.[name] ?? null;
  const typed = reply?.initialValue as Record<string, string> | undefined;
  return (
    <AuthLayout
      panelTitle="Sua agenda cheia, sem complicação"
      panelText="Organize horários, clientes e pagamentos em um só lugar, direto do celular."
    >
      <div className="card space-y-5 p-6 sm:p-8">
        <div>
          <h1 className="text-2xl font-bold">Que bom ter você de volta</h1>
          <p className="mt-1 text-sm text-slate-600">Entre para acessar sua agenda.</p>
        </div>
        {actionData?.alert ? <Alert title={actionData.alert.title} text={actionData.alert.text} /> : null}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <Field
            label="E-mail"
            errors={errors("email")}
            inputProps={{
              id: "email",
              name: "email",
              type: "email",
              defaultValue: typed?.email,
              key: typed?.email,
              autoComplete: "email",
              placeholder: "seu@email.com",
            }}
          />
          <PasswordField
            label="Senha"
            errors={errors("password")}
            inputProps={{
              id: "password",
              name: "password",
              type: "password",
              autoComplete: "current-password",
            }}
          />
          {/* 'Entrar' comes first in the DOM so Enter submits the login, not the reset. */}
          <button type="submit" name="intent" value="login" className="btn-primary order-2 w-full" disabled={submitting}>
            {submitting ? "Entrando..." : "Entrar"}
          </button>
          <div className="order-1 flex items-center justify-between gap-2">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="remember" className="size-4 rounded border-slate-300" />
              Lembrar senha
            </label>
            <button
              type="submit"
              name="intent"
              value="reset"
              formNoValidate
              className="btn-link"
            >
              Esqueceu a senha?
            </button>
          </div>
        </Form>
        <p className="text-center text-sm text-slate-600">
          Não tem uma conta?{" "}
          <Link to="/register" className="btn-link">
            Cadastre-se aqui
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
