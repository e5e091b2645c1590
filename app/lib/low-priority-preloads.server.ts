import { Transform } from "node:stream";

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');

/**
 * Marks the page's module preloads (Remix's <Scripts/> writes them; it takes no such option)
 * fetchpriority="low". Scripts only enhance a page that is complete without them, so their
 * thirty-odd requests must not compete with the document for the first paint on a slow line:
 * at their default (high) priority, Lighthouse's model of a phone on slow 4G counted every
 * one that arrived before the paint as holding it up, and the paint moved between 0.8 and
 * 2.5 s from run to run (decision 025). The pattern is ASCII, so it is matched on bytes, and
 * the last bytes of a chunk wait for the next in case a tag is split between them.
 */
export function lowPriorityPreloads() {
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = data.indexOf(PRELOAD); at !== -1; at = data.indexOf(PRELOAD, from)) {
        const end = at + PRELOAD.length;
        parts.push(data.subarray(from, end), LOW);
        from = end;
      }
      // A tag may start in the last bytes: they wait for the next chunk.
      const keep = Math.max(from, data.length - (PRELOAD.length - 1));
      parts.push(data.subarray(from, keep));
      carry = Buffer.from(data.subarray(keep));
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      done(null, carry);
    },
  });
}
