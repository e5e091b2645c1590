import { Transform } from "node:stream";

const END = Buffer.from("</body></html>");

/**
 * Moves the end of the document to the end of the answer. With single fetch, Remix writes the
 * page's data as inline scripts after the root's `</html>`; browsers take them into the body
 * anyway, but such a document is not valid HTML (the Nu check refuses it). The end tags are
 * held back and written after everything else. The last bytes of a chunk wait for the next in
 * case the tags are split between them.
 */
export function documentEndLast() {
  let carry = Buffer.alloc(0);
  let held = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      if (held) {
        carry = Buffer.alloc(0);
        return done(null, data);
      }
      const at = data.indexOf(END);
      if (at !== -1) {
        held = true;
        carry = Buffer.alloc(0);
        return done(null, Buffer.concat([data.subarray(0, at), data.subarray(at + END.length)]));
      }
      const keep = Math.max(0, data.length - (END.length - 1));
      carry = Buffer.from(data.subarray(keep));
      done(null, data.subarray(0, keep));
    },
    flush(done) {
      done(null, held ? Buffer.concat([carry, END]) : carry);
    },
  });
}
