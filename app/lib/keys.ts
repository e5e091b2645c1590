/**
 * React keys for items that have no identity of their own (rows typed into a form, hidden
 * inputs copied from a URL, lines of a report): the item's content, numbered when it repeats.
 * A changed item gets a new key, so React never keeps one item's inputs or state for another,
 * as keys taken from the array index would after an item is removed.
 */
export function withContentKeys<T>(
  items: readonly T[],
  content: (item: T) => string = (item) => JSON.stringify(item),
): Array<{ key: string; item: T }> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const text = content(item);
    const repeat = seen.get(text) ?? 0;
    seen.set(text, repeat + 1);
    return { key: repeat ? `${text}#${repeat}` : text, item };
  });
}
