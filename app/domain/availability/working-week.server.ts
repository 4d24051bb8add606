// Saving the professional's week of working hours (Configurações > Horários).
import { workingHours } from "../../../db/schema";
import type { Db } from "../../utils/db.server";

/** One day as stored: open or closed, its hours, and its break when it has one. */
export type WorkingDay = {
  isActive: boolean;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
};

/** The whole week at once (days[0] is Sunday): seven upserts in one atomic batch. */
export async function saveWorkingWeek(db: Db, userId: string, days: readonly WorkingDay[]) {
  const upserts = days.map((day, dayOfWeek) =>
    db
      .insert(workingHours)
      .values({ userId, dayOfWeek, ...day })
      .onConflictDoUpdate({
        target: [workingHours.userId, workingHours.dayOfWeek],
        set: { ...day, updatedAt: new Date() },
      }),
  );
  await db.batch(upserts as [(typeof upserts)[number], ...typeof upserts]);
}
