import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE } from "~/lib/scripts-after-paint";
import { scriptsAfterPaint } from "~/lib/scripts-after-paint.server";

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(scriptsAfterPaint()));

describe("scriptsAfterPaint", () => {
  // What Remix's <Scripts/> writes, in the order React renders its attributes.
  const page =
    '<head><link rel="stylesheet" href="/a.css"/></head><body><p>Café ✕</p>' +
    '<link rel="modulepreload" href="/build/entry.js"/><link rel="modulepreload" href="/build/root.js"/>' +
    '<script nonce="abc">window.__remixContext = {};</script>' +
    '<script nonce="abc" type="module" async="">import * as route0 from "/build/root.js";</script></body>';
  const expected =
    '<head><link rel="stylesheet" href="/a.css"/></head><body><p>Café ✕</p>' +
    '<link rel="modulepreload" media="not all" href="/build/entry.js"/><link rel="modulepreload" media="not all" href="/build/root.js"/>' +
    '<script nonce="abc">window.__remixContext = {};</script>' +
    `<script nonce="abc" type="${HELD_MODULE_TYPE}">import * as route0 from "/build/root.js";</script></body>`;

  it("holds every module preload and the module script, and changes nothing else", async () => {
    expect(await through([page])).toBe(expected);
  });

  it("finds a pattern split between chunks at any byte, multi-byte characters included", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const out = await text(
        Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(scriptsAfterPaint()),
      );
      expect(out, `cut at ${cut}`).toBe(expected);
    }
  });

  it("passes a page without scripts through as it is", async () => {
    expect(await through(["<p>no scripts</p>", "<p>here</p>"])).toBe(
      "<p>no scripts</p><p>here</p>",
    );
  });
});
