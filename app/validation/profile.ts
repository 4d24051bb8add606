import { z } from "./zod";
import { optionalPhoneField, phoneField } from "./phone";
import { isPixEncodable, normalizePixKey } from "../domain/deposits/pix";
import { slugify } from "../domain/slug";

// Configurações > Perfil and Configurações > Página. Messages are the spec's where it
// gives them; the rest follow the same voice.

export const NAME_MIN = "Nome deve ter pelo menos 2 caracteres";
export const NAME_MAX = "Nome deve ter no máximo 100 caracteres";
export const SLUG_MIN = "O link deve ter pelo menos 3 caracteres";
export const SLUG_MAX = "O link deve ter no máximo 60 caracteres";
export const SLUG_TAKEN = "Este link já está em uso. Escolha outro.";
export const SLUG_RESERVED = "Este link é reservado pelo Agendo. Escolha outro.";
export const PIX_INVALID = "Chave Pix inválida";
/** The BR Code carries plain Latin letters and digits only (accents are dropped, emoji and other alphabets cannot be written). */
export const PIX_NAME_NEEDED = "Informe o nome do recebedor com letras do alfabeto latino: o nome do negócio não pode ir no Pix.";
export const PIX_TEXT_INVALID = "Use letras do alfabeto latino ou números: o Pix não aceita emoji nem outros alfabetos.";
export const COLOR_INVALID = "Cor inválida. Use o formato #RRGGBB.";
export const INSTAGRAM_INVALID =
  "Instagram inválido. Use só letras, números, ponto e sublinhado (até 30).";

export const PROFILE_SAVED = { title: "Perfil atualizado", description: "Suas informações foram salvas." };
export const PROFILE_SAVE_FAILED = {
  title: "❌ Erro ao salvar",
  description: "Não foi possível salvar suas informações. Tente novamente.",
};
export const PAGE_SAVED = {
  title: "Configurações salvas",
  description: "As configurações da página de agendamento foram atualizadas.",
};
export const PAGE_SAVE_FAILED = { title: "Erro", description: "Erro ao salvar configurações." };
export const CHECK_FIELDS = "Verifique os campos destacados abaixo.";
export const NO_SLUG = "Link de agendamento não configurado. Complete seu perfil primeiro.";


/** Optional free text: trimmed, "" when left blank (conform turns blank fields into undefined). */
const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).optional().transform((v) => v ?? "");

/**
 * An optional field cleaned by `clean` then checked by `valid` (message when it fails).
 * A transform rather than a pipe: conform turns an empty string into undefined at every
 * nested string schema, so "" must never reach a second z.string().
 */
const optionalCleaned = (clean: (value: string) => string, valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = clean(raw ?? "");
      if (value !== "" && !valid(value)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

/** Multi-line text: line breaks normalised to \n, the whole text trimmed. */
const optionalMultiline = (max: number, message: string) =>
  optionalCleaned((v) => v.replace(/\r\n?/g, "\n").trim(), (v) => v.length <= max, message);

const personName = z.string({ error: NAME_MIN }).trim().min(2, NAME_MIN).max(100, NAME_MAX);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The booking link as the professional types it, slugified ("Studio Bela!" -> "studio-bela").
 * A UUID-shaped slug is refused: /{professionalId} also opens a booking page, and a slug must
 * never point at somebody else's id.
 */
export const bookingSlugField = z
  .string({ error: SLUG_MIN })
  .transform(slugify)
  .pipe(
    z
      .string({ error: SLUG_MIN })
      .min(3, SLUG_MIN)
      .max(60, SLUG_MAX)
      .refine((s) => !UUID.test(s), SLUG_RESERVED),
  );

/** Whether a slug may be used by this professional: checked on the server only. */
export type SlugCheck = (slug: string) => Promise<"ok" | "taken" | "reserved">;

function buildProfileSchema(checkSlug?: SlugCheck) {
  const slug = checkSlug
    ? bookingSlugField.superRefine(async (value, ctx) => {
        const verdict = await checkSlug(value);
        if (verdict !== "ok") {
          ctx.addIssue({ code: "custom", message: verdict === "taken" ? SLUG_TAKEN : SLUG_RESERVED });
        }
      })
    : bookingSlugField;
  return z.object({
    fullName: personName,
    phone: phoneField,
    businessName: personName,
    address: optionalText(200, "Endereço deve ter no máximo 200 caracteres"),
    city: optionalText(80, "Cidade deve ter no máximo 80 caracteres"),
    specialty: optionalText(80, "Especialidade deve ter no máximo 80 caracteres"),
    bookingSlug: slug,
    pixKey: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return "";
        const key = normalizePixKey(v);
        if (key === null) {
          ctx.addIssue({ code: "custom", message: PIX_INVALID });
          return z.NEVER;
        }
        return key;
      }),
    pixCity: optionalText(15, "Cidade do Pix deve ter no máximo 15 caracteres").refine(
      (v) => v === "" || isPixEncodable(v),
      PIX_TEXT_INVALID,
    ),
    pixName: optionalText(25, "Nome do recebedor deve ter no máximo 25 caracteres").refine(
      (v) => v === "" || isPixEncodable(v),
      PIX_TEXT_INVALID,
    ),
  }).superRefine((v, ctx) => {
    // Without a receiver name the Pix carries the business name: it must be writable too.
    if (v.pixKey && !v.pixName && !isPixEncodable(v.businessName || v.fullName)) {
      ctx.addIssue({ code: "custom", path: ["pixName"], message: PIX_NAME_NEEDED });
    }
  });
}

/** The Perfil form as the browser validates it (no database checks). */
export const profileSchema = buildProfileSchema();

/** The Perfil form on the server: the booking link must also be free and not reserved. */
export const serverProfileSchema = (checkSlug: SlugCheck) => buildProfileSchema(checkSlug);

const HEX = /^#[0-9A-Fa-f]{6}$/;
const color = z
  .string({ error: COLOR_INVALID })
  .trim()
  .regex(HEX, COLOR_INVALID)
  .transform((v) => v.toUpperCase());

/** "@studio.bela", "instagram.com/studio.bela" or "studio.bela" -> "studio.bela". */
export function cleanInstagram(value: string): string {
  return value
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?instagram\.com\//i, "")
    .replace(/\/+$/, "")
    .replace(/^@/, "");
}

export const pageSchema = z.object({
  pageTitle: optionalText(80, "Título deve ter no máximo 80 caracteres"),
  contactPhone: optionalPhoneField,
  pageDescription: optionalMultiline(500, "Descrição deve ter no máximo 500 caracteres"),
  businessAddress: optionalText(200, "Endereço deve ter no máximo 200 caracteres"),
  welcomeMessage: optionalMultiline(1000, "Mensagem de boas-vindas deve ter no máximo 1000 caracteres"),
  instagramHandle: optionalCleaned(cleanInstagram, (h) => /^[A-Za-z0-9._]{1,30}$/.test(h), INSTAGRAM_INVALID),
  primaryColor: color,
  secondaryColor: color,
  showPrices: z.boolean().optional().transform((v) => v ?? false),
});

export const PAGE_DEFAULTS = {
  pageTitle: "Agende seu horário",
  primaryColor: "#3B82F6",
  secondaryColor: "#8B5CF6",
  showPrices: true,
} as const;
