/**
 * The FAQ order as a list of ids, shared by the server (a move without JS arrives as a
 * query) and the browser (a move with JS happens in place): both say the same words.
 */
export type Direction = "up" | "down";

/** The list with `id` moved one place; the same list when it cannot move that way. */
export function moveId(ids: readonly number[], id: number, direction: Direction): number[] {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** The list with `id` at index `to` (clamped to the list). */
export function moveIdTo(ids: readonly number[], id: number, to: number): number[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
}

/** What the live region says after a move ("Question X moved to position 3 of 12"). */
export function movedMessage(question: string, position: number, total: number) {
  return `Question “${question}” moved to position ${position} of ${total}.`;
}

export function sameOrder(a: readonly number[], b: readonly number[]) {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
