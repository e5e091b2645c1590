import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { documentEndLast } from "~/lib/document-end.server";

const through = (chunks: string[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(documentEndLast()));

describe("documentEndLast", () => {
  it("puts what follows </html> before </body>", async () => {
    expect(await through(["<html><body><p>x</p></body></html><script>a()</script>"])).toBe(
      "<html><body><p>x</p><script>a()</script></body></html>",
    );
  });

  it("finds the end tags split between chunks", async () => {
    expect(await through(["<html><body>x</bo", "dy></ht", "ml><script>a()", "</script>"])).toBe(
      "<html><body>x<script>a()</script></body></html>",
    );
  });

  it("leaves a document with nothing after it as it was", async () => {
    expect(await through(["<html><body>x</body></html>"])).toBe("<html><body>x</body></html>");
  });
});
