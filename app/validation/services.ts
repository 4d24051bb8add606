import { z } from "./zod";
import { parseMoneyToCents } from "../domain/money";
import { slugify } from "../domain/slug";

// The service and category forms' messages: the spec's words; where it gives none, ours.
export const SERVICE_MESSAGES = {
  nameMin: "Nome deve ter pelo menos 2 caracteres",
  nameMax: "Nome deve ter no máximo 100 caracteres",
  descriptionMax: "Descrição deve ter no máximo 500 caracteres",
  price: "Preço deve ser maior que zero",
  priceMax: "Preço deve ser no máximo R$ 100.000,00",
  duration: "Duração deve ser pelo menos 1 minuto",
  durationInteger: "Duração deve ser um número inteiro de minutos",
  durationMax: "Duração deve ser no máximo 720 minutos (12 horas)",
  category: "Selecione uma categoria",
  color: "Cor inválida: use o formato #RRGGBB",
  buffer: "Intervalo deve ser de 0 a 120 minutos",
  deposit: "Informe o valor do sinal",
  depositOverPrice: "O sinal não pode ser maior que o preço",
} as const;

export const CATEGORY_MESSAGES = {
  nameRequired: "Nome da categoria é obrigatório",
  nameMax: "Nome da categoria deve ter no máximo 50 caracteres",
  slugEmpty: "O código precisa ter pelo menos uma letra ou número",
  slugMax: "Código deve ter no máximo 50 caracteres",
  slugTaken: "Já existe uma categoria com este código. Escolha outro nome ou código.",
} as const;

export const DEFAULT_SERVICE_COLOR = "#4F46E5";
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_DURATION_MINUTES = 720;
/** 'Intervalo após': at most two hours of cleaning or setting up after a service. */
export const MAX_BUFFER_MINUTES = 120;

const M = SERVICE_MESSAGES;

/** A price typed as '50', '50,00' or '50.00' into centavos; `message` when unreadable. */
function money(message: string) {
  return z
    .string({ error: message })
    .transform((text, ctx) => {
      const cents = parseMoneyToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(z.number().max(MAX_PRICE_CENTS, M.priceMax));
}

/** A category the professional has, as the service form offers it. */
export type CategoryChoice = { id: string; slug: string };

/**
 * Which category the service goes in: the one chosen in the select, else the one typed in
 * 'Nova categoria' (an existing one when its code is already used), else an error to show.
 */
function chosenCategory(
  v: { categoria?: string; novaCategoria?: string },
  categories: readonly CategoryChoice[],
): { categoryId: string | null; newCategory: CategoryInput | null } | { path: "categoria" | "novaCategoria"; message: string } {
  const C = CATEGORY_MESSAGES;
  if (v.categoria) {
    return categories.some((c) => c.id === v.categoria)
      ? { categoryId: v.categoria, newCategory: null }
      : { path: "categoria", message: M.category };
  }
  const name = (v.novaCategoria ?? "").trim();
  if (!name) return categories.length ? { path: "categoria", message: M.category } : { path: "novaCategoria", message: C.nameRequired };
  if (name.length > 50) return { path: "novaCategoria", message: C.nameMax };
  const slug = slugify(name);
  if (!slug) return { path: "novaCategoria", message: C.slugEmpty };
  if (slug.length > 50) return { path: "novaCategoria", message: C.slugMax };
  const existing = categories.find((c) => c.slug === slug);
  return existing ? { categoryId: existing.id, newCategory: null } : { categoryId: null, newCategory: { name, slug } };
}

/** 'Duração': whole minutes from 1 to 12 hours, typed with ',' or '.'. */
function durationField() {
  return z
    .string({ error: M.duration })
    .trim()
    .transform((text, ctx) => {
      const minutes = Number(text.replace(",", "."));
      if (!text || !Number.isFinite(minutes)) {
        ctx.addIssue({ code: "custom", message: M.duration });
        return z.NEVER;
      }
      return minutes;
    })
    .pipe(
      z
        .number()
        .min(1, M.duration)
        .int(M.durationInteger)
        .max(MAX_DURATION_MINUTES, M.durationMax),
    );
}

/** 'Intervalo após': whole minutes up to MAX_BUFFER_MINUTES, none when left empty. */
function bufferField() {
  return z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      const minutes = Number((text || "0").replace(",", "."));
      if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_BUFFER_MINUTES) {
        ctx.addIssue({ code: "custom", message: M.buffer });
        return z.NEVER;
      }
      return minutes;
    });
}

/** The deposit in centavos: none unless required, then more than zero and at most the price. */
function depositOf(v: { exigeSinal: boolean; valorSinal?: string; preco: number }): { cents: number } | { message: string } {
  if (!v.exigeSinal) return { cents: 0 };
  const cents = v.valorSinal ? parseMoneyToCents(v.valorSinal) : null;
  if (cents === null || cents <= 0) return { message: M.deposit };
  if (cents > v.preco) return { message: M.depositOverPrice };
  return { cents };
}

/**
 * The service form. `categories` are the signed-in professional's: the same list the select
 * offers, so an id from anyone else is just 'Selecione uma categoria'. With none chosen, the
 * name typed in 'Nova categoria' makes one with the service.
 */
export function serviceSchema(categories: readonly CategoryChoice[]) {
  return z
    .object({
      nome: z.string({ error: M.nameMin }).trim().min(2, M.nameMin).max(100, M.nameMax),
      descricao: z.string().trim().max(500, M.descriptionMax).optional().default(""),
      preco: money(M.price),
      duracao: durationField(),
      intervalo: bufferField(),
      categoria: z.string({ error: M.category }).optional(),
      novaCategoria: z.string({ error: CATEGORY_MESSAGES.nameRequired }).optional(),
      cor: z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, M.color)
        .transform((c) => c.toUpperCase())
        .optional()
        .default(DEFAULT_SERVICE_COLOR),
      exigeSinal: z.boolean().optional().default(false),
      // Read only when a deposit is required (checked below); ignored otherwise.
      valorSinal: z.string().optional(),
    })
    // Runs even when another field is wrong, so the category's error shows with the others.
    .superRefine(
      (v, ctx) => {
        const text = (x: unknown) => x === undefined || typeof x === "string";
        if (!text(v.categoria) || !text(v.novaCategoria)) return; // the field's own error says so
        const chosen = chosenCategory(v, categories);
        if ("message" in chosen) ctx.addIssue({ code: "custom", message: chosen.message, path: [chosen.path] });
      },
      { when: () => true },
    )
    .transform((v, ctx) => {
      const deposit = depositOf(v);
      if ("message" in deposit) {
        ctx.addIssue({ code: "custom", message: deposit.message, path: ["valorSinal"] });
        return z.NEVER;
      }
      const depositCents = deposit.cents;
      const chosen = chosenCategory(v, categories);
      if ("message" in chosen) return z.NEVER; // reported above
      return {
        name: v.nome,
        description: v.descricao,
        priceCents: v.preco,
        durationMinutes: v.duracao,
        bufferMinutes: v.intervalo,
        categoryId: chosen.categoryId,
        newCategory: chosen.newCategory,
        color: v.cor,
        requiresDeposit: v.exigeSinal,
        depositCents,
      };
    });
}

/**
 * The category form. The slug ('Código') is slugified whether typed or generated from the
 * name (slug.ts's rule). `takenSlugs` are the professional's other categories' slugs.
 */
export function categorySchema(takenSlugs: readonly string[] = []) {
  const C = CATEGORY_MESSAGES;
  return z
    .object({
      nomeCategoria: z
        .string({ error: C.nameRequired })
        .trim()
        .min(1, C.nameRequired)
        .max(50, C.nameMax),
      codigo: z.string().trim().optional(),
    })
    .transform((v, ctx) => {
      const slug = slugify(v.codigo || v.nomeCategoria);
      const issue = !slug
        ? C.slugEmpty
        : slug.length > 50
          ? C.slugMax
          : takenSlugs.includes(slug)
            ? C.slugTaken
            : null;
      if (issue) {
        ctx.addIssue({ code: "custom", message: issue, path: ["codigo"] });
        return z.NEVER;
      }
      return { name: v.nomeCategoria, slug };
    });
}

export type CategoryInput = z.output<ReturnType<typeof categorySchema>>;
