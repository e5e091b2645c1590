/**
 * Answers kept for repeated requests, the least recently used forgotten first, and all of
 * them forgotten when the records change: a kept answer is always the one the index would
 * give now.
 */
export class AnswerCache {
  private answers = new Map<string, unknown>();
  private generation = -1;

  /** `limit`: how many answers to keep (0: none). */
  constructor(private limit: number) {}

  /** The answer kept under `key` for this `generation` of the records, or computed and kept. */
  remembered<T>(key: string, generation: number, compute: () => T): T {
    if (this.limit <= 0) return compute();
    if (generation !== this.generation) {
      this.answers.clear();
      this.generation = generation;
    }
    if (this.answers.has(key)) {
      const value = this.answers.get(key) as T;
      // Most recently used last, so that the first key is the one to forget.
      this.answers.delete(key);
      this.answers.set(key, value);
      return value;
    }
    const value = compute();
    this.answers.set(key, value);
    if (this.answers.size > this.limit)
      this.answers.delete(this.answers.keys().next().value as string);
    return value;
  }
}

/** A cache key: the kind of answer and its arguments, as JSON with every object's keys in order. */
export function answerKey(kind: string, ...args: unknown[]) {
  return JSON.stringify([kind, ...args], (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
