import { z } from "./zod";
import { registerSchema } from "./auth";

// The forms of Configurações > Geral. One schema per form, shared by conform in the browser and
// parseForm in the action; the password rule is the sign-up's.

export const CURRENT_PASSWORD_REQUIRED = "Digite sua senha atual.";
export const CURRENT_PASSWORD_WRONG = "Senha atual incorreta.";
export const SAME_PASSWORD = "A nova senha deve ser diferente da atual.";
export const DELETE_PASSWORD_REQUIRED = "Digite sua senha para confirmar.";
export const DELETE_PASSWORD_WRONG = "Senha incorreta.";
export const DELETE_CONFIRM_REQUIRED = "Marque a confirmação para excluir sua conta.";
export const TOO_MANY_PASSWORD_ATTEMPTS =
  "Muitas tentativas com a senha errada. Aguarde alguns minutos antes de tentar novamente.";

export const PASSWORD_CHANGED = {
  title: "Senha alterada",
  description: "Sua senha foi alterada e as sessões abertas em outros aparelhos foram encerradas.",
};
export const ACCOUNT_DELETED = {
  title: "Conta excluída",
  description: "Sua conta e todos os seus dados foram excluídos. Obrigado por usar o Agendo.",
};

const currentPassword = (message: string) =>
  z.string({ error: message }).min(1, message).max(200, "Senha muito longa");

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: currentPassword(CURRENT_PASSWORD_REQUIRED),
    // Same rule and messages as on /register.
    password: registerSchema.shape.password,
    confirmPassword: z.string({ error: "As senhas não coincidem" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "As senhas não coincidem",
    path: ["confirmPassword"],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v?.confirmPassword === "string";
    },
  })
  .refine((v) => v.password !== v.currentPassword, {
    message: SAME_PASSWORD,
    path: ["password"],
    when: (payload) => {
      const v = payload.value as { password?: unknown; currentPassword?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v?.currentPassword === "string";
    },
  });

export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  password: currentPassword(DELETE_PASSWORD_REQUIRED),
  confirm: z.boolean({ error: DELETE_CONFIRM_REQUIRED }),
});

/** Fields never sent back to the browser after a failed submit. */
export const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];
