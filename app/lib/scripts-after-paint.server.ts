import { Transform } from "node:stream";
import { HELD_MODULE_TYPE, HELD_PRELOAD_MEDIA } from "~/lib/scripts-after-paint";

// What Remix's <Scripts/> writes (it takes no option for either), and what goes out instead.
// React renders the attributes in this order; hydration does not compare attributes.
const REWRITES: [Buffer, Buffer][] = [
  [
    Buffer.from('<link rel="modulepreload"'),
    Buffer.from(`<link rel="modulepreload" media="${HELD_PRELOAD_MEDIA}"`),
  ],
  [Buffer.from('type="module" async=""'), Buffer.from(`type="${HELD_MODULE_TYPE}"`)],
];
const LONGEST = Math.max(...REWRITES.map(([from]) => from.length));

/**
 * Holds the page's scripts until after its first paint (decision 026; the loader is
 * AFTER_PAINT_LOADER in scripts-after-paint.ts): the module preloads get a media query no
 * screen matches, and the inline module script becomes a data block. The patterns are ASCII,
 * so they are matched on bytes; the last bytes of a chunk wait for the next in case a pattern
 * is split between them.
 */
export function scriptsAfterPaint() {
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const parts: Buffer[] = [];
      let from = 0;
      for (;;) {
        let at = -1;
        let rewrite: [Buffer, Buffer] | undefined;
        for (const candidate of REWRITES) {
          const found = data.indexOf(candidate[0], from);
          if (found !== -1 && (at === -1 || found < at)) {
            at = found;
            rewrite = candidate;
          }
        }
        if (!rewrite) break;
        parts.push(data.subarray(from, at), rewrite[1]);
        from = at + rewrite[0].length;
      }
      // A pattern may start in the last bytes: they wait for the next chunk.
      const keep = Math.max(from, data.length - (LONGEST - 1));
      parts.push(data.subarray(from, keep));
      carry = Buffer.from(data.subarray(keep));
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      done(null, carry);
    },
  });
}
