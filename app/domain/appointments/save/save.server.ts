// Saving the agenda's create/edit form: plan what to write (plan.server.ts), then write it
// (write.server.ts). With `mode` "preview" ('Ver datas'), the dates of the series instead.
import type { Db } from "../../../utils/db.server";
import type { WhatsappSettings } from "../../../utils/whatsapp.server";
import type { Appointment, Professional } from "../records.server";
import { planSave, type SaveIntent, type SaveRefusal, type SeriesPreview } from "./plan.server";
import { writeOne, writeSeries, type OneSaved, type SeriesSaved } from "./write.server";

export type SaveOutcome =
  | { kind: "refused"; refusal: SaveRefusal }
  | { kind: "preview"; preview: SeriesPreview }
  | OneSaved
  | Exclude<SeriesSaved, { kind: "series-empty" }>;

export async function saveAppointment(
  db: Db,
  user: Professional,
  args: { intent: SaveIntent; editing: Appointment | null; now: Date; mode: "save" | "preview"; whatsapp: WhatsappSettings | null },
): Promise<SaveOutcome> {
  const plan = await planSave(db, user, args);
  if (plan.kind === "refused" || plan.kind === "preview") return plan;
  if (plan.kind === "one") return writeOne(db, user, { ...args, plan });
  const saved = await writeSeries(db, user, plan, args.intent, args.now);
  return saved.kind === "series-empty" ? { kind: "refused", refusal: { reason: "series-empty", preview: plan.preview } } : saved;
}
