import { and, count, eq } from "drizzle-orm";
import { profiles, services, workingHours } from "../../../db/schema";
import type { Db } from "../../utils/db.server";

export type SetupStep = { key: string; title: string; text: string; done: boolean; href?: string };

/**
 * The first-steps checklist, computed from the professional's data (docs/product/spec.md §4,
 * 'Setup completion'). Links point only at screens that exist.
 */
export async function setupSteps(
  db: Db,
  profile: typeof profiles.$inferSelect,
  links: Partial<Record<"profile" | "hours" | "services" | "page", string>> = {},
): Promise<SetupStep[]> {
  const [[hours], [svc]] = await Promise.all([
    db
      .select({ n: count() })
      .from(workingHours)
      .where(and(eq(workingHours.userId, profile.userId), eq(workingHours.isActive, true))),
    db.select({ n: count() }).from(services).where(eq(services.userId, profile.userId)),
  ]);
  return [
    {
      key: "profile",
      title: "Complete seu perfil",
      text: "Nome, nome do negócio e telefone.",
      done: !!(profile.fullName.trim() && profile.businessName.trim() && profile.phone.trim()),
      href: links.profile,
    },
    {
      key: "hours",
      title: "Defina seus horários",
      text: "Pelo menos um dia de atendimento ativo.",
      done: (hours?.n ?? 0) > 0,
      href: links.hours,
    },
    {
      key: "services",
      title: "Cadastre seus serviços",
      text: "Nome, preço e duração de cada serviço.",
      done: (svc?.n ?? 0) > 0,
      href: links.services,
    },
    {
      key: "page",
      title: "Personalize sua página",
      text: "Descrição ou mensagem de boas-vindas para seus clientes.",
      done: !!(profile.pageDescription.trim() || profile.welcomeMessage.trim()),
      href: links.page,
    },
  ];
}
