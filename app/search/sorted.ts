/**
 * The first index in [0, length) at which `before(index)` is false, or `length`: a binary
 * search over anything sorted, where `before` holds for a prefix of the indices only (for
 * example `(i) => days[i] < from` over ascending days).
 */
export function lowerBound(length: number, before: (index: number) => boolean) {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}
