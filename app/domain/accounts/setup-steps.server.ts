import { and, count, eq } from "drizzle-orm";
import { profiles, services, workingHours } from "../../../db/schema";
import { ReadBatch, type Db } from "../../utils/db.server";

export type SetupStep = { key: string; title: string; text: string; done: boolean; href?: string };

/**
 * The first-steps checklist, computed from the professional's data: done when the data is there,
 * not when a box is ticked. Links point only at screens that exist.
 */
export async function setupSteps(
  db: Db,
  profile: typeof profiles.$inferSelect,
  links: StepLinks = {},
): Promise<SetupStep[]> {
  const reads = new ReadBatch();
  const steps = setupStepsReads(reads, db, profile, links);
  await reads.run(db);
  return steps();
}

type StepLinks = Partial<Record<"profile" | "hours" | "services" | "page", string>>;

/** The checklist's reads added to a page's batch; the getter answers once the batch has run. */
export function setupStepsReads(reads: ReadBatch, db: Db, profile: typeof profiles.$inferSelect, links: StepLinks = {}) {
  const activeDays = reads.add(
    db
      .select({ n: count() })
      .from(workingHours)
      .where(and(eq(workingHours.userId, profile.userId), eq(workingHours.isActive, true))),
  );
  const serviceCount = reads.add(db.select({ n: count() }).from(services).where(eq(services.userId, profile.userId)));
  return () => stepsOf(profile, links, activeDays()[0]?.n ?? 0, serviceCount()[0]?.n ?? 0);
}

function stepsOf(profile: typeof profiles.$inferSelect, links: StepLinks, activeDays: number, serviceCount: number): SetupStep[] {
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
      done: activeDays > 0,
      href: links.hours,
    },
    {
      key: "services",
      title: "Cadastre seus serviços",
      text: "Nome, preço e duração de cada serviço.",
      done: serviceCount > 0,
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
