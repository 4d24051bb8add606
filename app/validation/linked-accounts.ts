import { z } from "./zod";

export const EMAIL_INVALID = "Informe um e-mail válido, como nome@exemplo.com";

/** 'Adicionar conta vinculada': one e-mail, checked in the browser and again on the server. */
export const addLinkedAccountSchema = z.object({
  intent: z.literal("add"),
  email: z
    .string({ error: EMAIL_INVALID })
    .trim()
    .toLowerCase()
    .max(254, EMAIL_INVALID)
    .pipe(z.email(EMAIL_INVALID)),
});

export const STATUS_LABELS = {
  pending: "Aguardando registro",
  active: "Ativa",
} as const;

export const LINK_ADDED = "Conta vinculada adicionada com sucesso";
export const LINK_REMOVED = "Conta vinculada removida com sucesso";
export const INVITE_COPIED = "Instruções copiadas! Envie para o profissional.";
export const INVITE_COPY_FAILED = "Não foi possível copiar. Selecione o texto e copie manualmente.";
