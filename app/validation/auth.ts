import { z } from "./zod";
import { phoneField } from "./phone";
import { SPECIALTY_KEYS } from "../domain/services/starter-categories";

// Messages are the spec's, word for word.
const FILL_ALL = "Por favor, preencha todos os campos.";

export const loginSchema = z.object({
  email: z.string({ error: FILL_ALL }).trim().min(1, FILL_ALL).max(254, "Email inválido"),
  password: z.string({ error: FILL_ALL }).min(1, FILL_ALL).max(200, "Senha muito longa"),
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const CREDENTIALS_ERROR = "E-mail ou senha incorretos. Verifique seus dados e tente novamente.";
export const TOO_MANY_ATTEMPTS = "Aguarde alguns minutos antes de tentar novamente.";
/** The toast for a rate-limited sign-in or sign-up, shown as the form's alert. */
export const TOO_MANY_ATTEMPTS_ALERT = { title: "Muitas tentativas", text: TOO_MANY_ATTEMPTS };

export const EMAIL_REQUIRED = "Digite seu e-mail antes de solicitar redefinição de senha.";

export const resetRequestSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(254, "Email inválido"),
});

const password = z
  .string({ error: "Senha deve ter pelo menos 6 caracteres" })
  .min(6, "Senha deve ter pelo menos 6 caracteres")
  .max(200, "Senha deve ter no máximo 200 caracteres");

/**
 * Checked whenever both passwords are present, even while other fields are still wrong:
 * live validation parses the whole form, and the mismatch must not wait for the terms box.
 */
const passwordsMatch = {
  message: "As senhas não coincidem",
  path: ["confirmPassword"],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === "string" && typeof v?.confirmPassword === "string";
  },
};

export const registerSchema = z
  .object({
    name: z
      .string({ error: "Nome deve ter pelo menos 2 caracteres" })
      .trim()
      .min(2, "Nome deve ter pelo menos 2 caracteres")
      .max(100, "Nome deve ter no máximo 100 caracteres"),
    email: z
      .string({ error: "Email inválido" })
      .trim()
      .toLowerCase()
      .max(254, "Email inválido")
      .pipe(z.email("Email inválido")),
    phone: phoneField,
    password,
    confirmPassword: z.string({ error: "As senhas não coincidem" }),
    terms: z.boolean({ error: "Você deve aceitar os termos de uso para continuar." }),
    // Optional: the service categories the account starts with.
    specialty: z.enum(SPECIALTY_KEYS, { error: "Escolha uma especialidade da lista." }).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

export const newPasswordSchema = z
  .object({
    token: z.string().min(1),
    password,
    confirmPassword: z.string({ error: "As senhas não coincidem" }),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
