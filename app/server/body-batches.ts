/**
 * An answer's body in batches, for the hop from an app thread to the main thread. React writes
 * a page in pieces of a few kilobytes (a search page is some 35), and each piece sent on its
 * own cost a message between threads and a write to the socket. A batch is what the body has
 * produced by the time the thread has nothing else to do (the next turn of the event loop), up
 * to `limit` bytes: a page rendered in one go is one batch, while a stream that waits between
 * its parts (an event stream, a long export) still sends each part when it is made.
 */
export interface Batch {
  /** The bytes, in a buffer of their own (it may be transferred); none when the body ended empty. */
  bytes?: Uint8Array;
  /** The body has ended with this batch. */
  done: boolean;
}

const PAUSE = Symbol("pause");
const nextTurn = () =>
  new Promise<typeof PAUSE>((resolve) => {
    setImmediate(resolve, PAUSE);
  });

function joined(parts: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

export async function* bodyBatches(
  body: ReadableStream<Uint8Array>,
  limit = 64 * 1024,
): AsyncGenerator<Batch, void, undefined> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  const take = () => {
    const bytes = joined(parts, size);
    parts.length = 0;
    size = 0;
    return bytes;
  };
  let ended = false;
  try {
    let next = reader.read();
    for (;;) {
      // With bytes in hand, wait for the next piece only while it comes in this turn.
      const result = size > 0 ? await Promise.race([next, nextTurn()]) : await next;
      if (result === PAUSE) {
        yield { bytes: take(), done: false };
        continue;
      }
      if (result.done) {
        ended = true;
        yield { bytes: size > 0 ? take() : undefined, done: true };
        return;
      }
      parts.push(result.value);
      size += result.value.byteLength;
      next = reader.read();
      if (size >= limit) yield { bytes: take(), done: false };
    }
  } finally {
    // Left early (the client went away): the body stops being made.
    if (!ended) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
