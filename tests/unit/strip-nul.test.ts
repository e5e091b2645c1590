import { PassThrough, type Transform } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement as h } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { stripNulBytes } from "~/lib/strip-nul.server";

/** A list whose "✕" lands `padding` bytes further on, near the end of React's 2,048-byte buffer. */
function page(padding: number) {
  // Strings under 683 characters go through React's buffer (longer ones are written whole).
  const items = [500, 500, 500, padding].map((length, i) =>
    h("li", { key: `a${i}` }, "a".repeat(length)),
  );
  return h("ul", null, ...items, h("li", { key: "x" }, h("span", { "aria-hidden": true }, " ✕")));
}

function render(padding: number, through?: () => Transform) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page(padding), {
      onAllReady() {
        const out = new PassThrough();
        text(through ? out.pipe(through()) : out).then(resolve, reject);
        pipe(out);
      },
      onShellError: reject,
    });
  });
}

describe("stripNulBytes", () => {
  it("removes the zero bytes React 18 pads its stream with, and nothing else", async () => {
    let padded = 0;
    for (let padding = 450; padding < 560; padding++) {
      if ((await render(padding)).includes("\u0000")) padded++;
      const clean = await render(padding, stripNulBytes);
      expect(clean).not.toContain("\u0000");
      expect(clean).toBe(renderToString(page(padding)));
    }
    // The React bug shows at some of these offsets; without it this test would prove nothing.
    expect(padded).toBeGreaterThan(0);
  });
});
