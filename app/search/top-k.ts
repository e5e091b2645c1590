/**
 * The best `limit` of `docs`, best first, where `before(a, b)` is positive when a ranks before
 * b. Sorts everything when the limit takes them all; otherwise keeps a heap of the best so
 * far with the weakest on top, so a page of results out of many matches costs little more
 * than one pass over them.
 */
export function topK(
  docs: ArrayLike<number>,
  limit: number,
  before: (a: number, b: number) => number,
): number[] {
  if (limit >= docs.length) return Array.from(docs).sort((a, b) => before(b, a));
  const heap: number[] = [];
  const down = (at: number) => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let weakest = at;
      if (left < heap.length && before(heap[weakest], heap[left]) > 0) weakest = left;
      if (right < heap.length && before(heap[weakest], heap[right]) > 0) weakest = right;
      if (weakest === at) return;
      [heap[at], heap[weakest]] = [heap[weakest], heap[at]];
      at = weakest;
    }
  };
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    if (heap.length < limit) {
      heap.push(doc);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (before(heap[parent], heap[at]) <= 0) break;
        [heap[at], heap[parent]] = [heap[parent], heap[at]];
        at = parent;
      }
    } else if (limit > 0 && before(doc, heap[0]) > 0) {
      heap[0] = doc;
      down(0);
    }
  }
  return heap.sort((a, b) => before(b, a));
}
