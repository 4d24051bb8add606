// When a customer's reminder is due (docs/decisions/0750). Pure: no database, no clock.

/** A reminder that could not go at its lead time is not sent for a time starting this soon. */
export const LATE_REMINDER_MIN_AHEAD_MS = 2 * 3_600_000;

/**
 * Whether the reminder of an appointment starting at `start` is due at `now`. `bookedAt` is
 * when the appointment got its current time: made in the agenda, accepted from a request (its
 * appointment is made then), or moved. Booked before its lead time: due from `hoursBefore`
 * hours before the start. Booked after it: due at once (the job's next run) unless it starts
 * within two hours of being booked (the customer has just booked or just been told). Never once
 * the time has come.
 */
export function reminderDue(input: { start: Date; bookedAt: Date; hoursBefore: number }, now: Date): boolean {
  const start = input.start.getTime();
  const booked = input.bookedAt.getTime();
  const at = now.getTime();
  const leadTime = start - input.hoursBefore * 3_600_000;
  if (at >= start) return false;
  if (booked <= leadTime) return at >= leadTime;
  return at >= booked && start - booked > LATE_REMINDER_MIN_AHEAD_MS;
}
