import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityPreloads } from "~/lib/low-priority-preloads.server";

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowPriorityPreloads()));

describe("lowPriorityPreloads", () => {
  const page =
    '<head><link rel="stylesheet" href="/a.css"/></head><body><p>Café ✕</p>' +
    '<link rel="modulepreload" href="/build/entry.js"/><link rel="modulepreload" href="/build/root.js"/>' +
    '<script type="module">import "/build/entry.js";</script></body>';
  const expected = page.replaceAll(
    '<link rel="modulepreload"',
    '<link rel="modulepreload" fetchpriority="low"',
  );

  it("marks every module preload low, and changes nothing else", async () => {
    expect(await through([page])).toBe(expected);
  });

  it("finds a tag split between chunks at any byte, multi-byte characters included", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const out = await text(
        Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(lowPriorityPreloads()),
      );
      expect(out, `cut at ${cut}`).toBe(expected);
    }
  });

  it("passes a page without preloads through as it is", async () => {
    expect(await through(["<p>no scripts</p>", "<p>here</p>"])).toBe(
      "<p>no scripts</p><p>here</p>",
    );
  });
});
