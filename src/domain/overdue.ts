// The desk's overdue work: a rental whose return time has passed while the car is still out, and
// a confirmed booking whose pickup time has passed without a hand-over. How late, in words the
// dashboard shows ("Vėluoja grąžinti 2 val. 15 min.", "1 d. 3 val."). Pure: the clock is the caller's.

export type OverdueKind = "pickup" | "return";

/** Whole minutes from `dueAt` to `now`; 0 when not yet due. */
export function minutesLate(dueAt: string, now: Date): number {
  const late = Math.floor((now.getTime() - Date.parse(dueAt)) / 60_000);
  return Number.isFinite(late) && late > 0 ? late : 0;
}

/** "2 val. 15 min.", "1 d. 3 val.", "45 min.": days and hours from a day on, hours and minutes below. */
export function lateDurationText(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const mins = whole % 60;
  if (days > 0) return hours > 0 ? `${days} d. ${hours} val.` : `${days} d.`;
  if (hours > 0) return mins > 0 ? `${hours} val. ${mins} min.` : `${hours} val.`;
  return `${mins} min.`;
}

/** "Vėluoja grąžinti 2 val. 15 min." / "Vėluoja paimti 1 d. 3 val." */
export function overdueText(kind: OverdueKind, minutes: number): string {
  return `Vėluoja ${kind === "return" ? "grąžinti" : "paimti"} ${lateDurationText(minutes)}`;
}
