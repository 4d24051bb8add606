import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { AuthLayout } from "../components/auth-layout";
import { Alert, Field, FieldError, PasswordField, phoneMask } from "../components/forms";
import { activateLinkedAccount } from "../domain/accounts/credentials.server";
import { createAccount, EmailTakenError } from "../domain/accounts/registration.server";
import { SPECIALTIES } from "../domain/services/starter-categories";
import { TOO_MANY_ATTEMPTS_ALERT } from "../validation/auth";
import { getDb } from "../utils/db.server";
import { hitAll, LIMIT_KEYS, LIMITS } from "../utils/rate-limit.server";
import { clientAddress } from "../utils/request-context.server";
import { requireAnonymous } from "../utils/session.server";
import { startSession } from "../domain/accounts/access.server";
import { redirectWithToast } from "../utils/toast.server";
import { registerSchema } from "../validation/auth";
import { z } from "../validation/zod";
import { readForm } from "../utils/actions.server";

export const meta: Route.MetaFunction = () => [{ title: "Criar conta — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(getDb(context), request);
  // An invitation links here with ?email=: the invited address comes filled in.
  const invited = new URL(request.url).searchParams.get("email")?.trim().toLowerCase() ?? "";
  return { email: invitedEmail.safeParse(invited).success ? invited : "" };
}

const invitedEmail = z.email().max(254);

const HIDE = ["password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb(context);
  await requireAnonymous(db, request);
  const submission = parseForm(await readForm(request), { schema: registerSchema });
  if (submission.status !== "success") {
    const termsMissing = !!submission.error?.terms;
    return data(
      {
        result: submission.reply({ hideFields: HIDE }),
        alert: termsMissing
          ? { title: "Termos de uso", text: "Você deve aceitar os termos de uso para continuar." }
          : null,
      },
      { status: 400 },
    );
  }
  const { name, email, phone, password, specialty } = submission.value;
  // 'E-mail já cadastrado' tells whether an address has an account, so asking is limited like
  // signing in: per e-mail and per client address.
  const address = clientAddress(context);
  const allowed = await hitAll(db, [
    [LIMIT_KEYS.registerEmail(email.toLowerCase()), LIMITS.registerPerEmail],
    [LIMIT_KEYS.registerAddress(address), LIMITS.registerPerAddress],
  ]);
  if (!allowed) {
    return data(
      { result: submission.reply({ hideFields: HIDE }), alert: TOO_MANY_ATTEMPTS_ALERT },
      { status: 429 },
    );
  }
  try {
    const account = await createAccount(db, { name, email, phone, password, specialty: specialty ?? "" });
    await activateLinkedAccount(db, account.userId, account.email);
    const cookie = await startSession(db, request, { id: account.userId, email: account.email });
    return redirectWithToast(
      request,
      "/dashboard",
      {
        type: "success",
        title: "Boas-vindas ao Agendo!",
        description: "Sua conta foi criada e já está pronta para usar.",
      },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    return data(
      {
        result: submission.reply({
          fieldErrors: { email: ["Este e-mail já está em uso. Faça login ou use outro e-mail."] },
          hideFields: HIDE,
        }),
        alert: {
          title: "E-mail já cadastrado",
          text: "Este e-mail já está em uso. Faça login ou use outro e-mail.",
        },
      },
      { status: 400 },
    );
  }
}

export default function Register() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useRegisterForm(email, navigation.state === "idle" ? actionData?.result : null);
  return (
    <AuthLayout
      panelTitle="Junte-se aos profissionais que lotam a agenda"
      panelText="Crie sua conta grátis e tenha 7 dias para testar tudo, sem cartão de crédito."
    >
      <div className="card space-y-5 p-6 sm:p-8">
        <div>
          <h1 className="text-2xl font-bold">Criar Conta</h1>
          <p className="mt-1 text-sm text-slate-600">7 dias grátis. Leva menos de um minuto.</p>
        </div>
        {actionData?.alert ? <Alert title={actionData.alert.title} text={actionData.alert.text} /> : null}
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <Field
            label="Nome"
            errors={fields.name.errors}
            inputProps={{
              ...getInputProps(fields.name, { type: "text" }),
              autoComplete: "name",
              placeholder: "Seu nome ou do seu negócio",
            }}
          />
          <Field
            label="E-mail"
            errors={fields.email.errors}
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoComplete: "email",
              placeholder: "seu@email.com",
            }}
          />
          <Field
            label="Telefone"
            errors={fields.phone.errors}
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), ...phoneMask }}
          />
          <SpecialtyField field={fields.specialty} />
          <PasswordField
            label="Senha"
            errors={fields.password.errors}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          />
          <PasswordField
            label="Confirmar senha"
            errors={fields.confirmPassword.errors}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
            }}
          />
          <TermsField field={fields.terms} />
          <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Criando conta..." : "Criar Conta"}
          </button>
        </Form>
        <p className="text-center text-sm text-slate-600">
          Já tem uma conta?{" "}
          <Link to="/login" className="btn-link">
            Entrar
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}

function useRegisterForm(email: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  return useForm({
    defaultValue: { email },
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type RegisterFields = ReturnType<typeof useRegisterForm>[1];

/** 'Especialidade': the account starts with that area's service categories. */
function SpecialtyField({ field }: { field: RegisterFields["specialty"] }) {
  return (
    <div>
      <label htmlFor={field.id} className="label">
        Especialidade <span className="font-normal text-slate-500">(opcional)</span>
      </label>
      <select
        {...getSelectProps(field)}
        className="input"
        aria-describedby={field.errors?.length ? field.errorId : `${field.id}-hint`}
      >
        <option value="">Selecione</option>
        {SPECIALTIES.map((s) => (
          <option key={s.key} value={s.key}>
            {s.label}
          </option>
        ))}
      </select>
      <p id={`${field.id}-hint`} className="mt-1 text-xs text-slate-600">
        Sua conta já começa com categorias de serviço da sua área.
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** 'Aceito os termos de uso e política de privacidade', each opening in a new tab. */
function TermsField({ field }: { field: RegisterFields["terms"] }) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          className="mt-0.5 size-4 rounded border-slate-300"
        />
        <span>
          {/* New tabs: what was typed here stays. */}
          Aceito os{" "}
          <a href="/termos" target="_blank" rel="noopener" className="btn-link">
            termos de uso
          </a>{" "}
          e{" "}
          <a href="/privacidade" target="_blank" rel="noopener" className="btn-link">
            política de privacidade
          </a>
        </span>
      </label>
      <FieldError id={`${field.id}-error`} errors={field.errors} />
    </div>
  );
}
