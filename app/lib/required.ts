/**
 * A value the code's own invariants guarantee (an id just inserted, a filter from the registry).
 * Missing, it is a bug: this throws at once, naming what was missing, instead of failing later.
 */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Internal error: no ${what}`);
  return value;
}
