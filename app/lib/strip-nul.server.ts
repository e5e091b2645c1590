import { Transform } from "node:stream";

/**
 * Drops NUL bytes from React's HTML stream. React 18.3's renderToPipeableStream pads a chunk
 * with zero bytes when a multi-byte character does not fit at the end of its 2,048-byte
 * buffer (react#31134; fixed in React 19): the page then carries a U+0000, which HTML forbids
 * and the Nu HTML Checker reported on a search page ("Saw U+0000", before a "✕"). Valid UTF-8
 * has a zero byte only for U+0000 itself, which no page of ours should contain, so removing
 * every zero byte removes exactly the padding.
 */
export function stripNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk);
    },
  });
}
