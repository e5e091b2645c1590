import { describe, expect, it } from "vitest";
import { markdownText, renderMarkdown } from "~/lib/markdown.server";
import { executableMarkup, XSS_PAYLOADS } from "../xss/payloads";

describe("staff Markdown", () => {
  it("renders the usual Markdown", () => {
    const html = renderMarkdown(
      "# New version\n\nWith **bold**, a [link](/search?q=a) and\n\n- a list",
    );
    expect(html).toContain("<h2>New version</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="/search?q=a">link</a>');
    expect(html).toContain("<li>a list</li>");
  });

  it("puts headings under the page's h1 without skipping a level", () => {
    expect(renderMarkdown("## New")).toBe("<h2>New</h2>\n");
    expect(renderMarkdown("# A\n\n### B\n\n##### C")).toBe("<h2>A</h2>\n<h3>B</h3>\n<h4>C</h4>\n");
    // An FAQ answer sits under its h3 question.
    expect(renderMarkdown("# A\n\n## B", { headingLevel: 4 })).toBe("<h4>A</h4>\n<h5>B</h5>\n");
  });

  it("shows raw HTML as text", () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps only http(s), mailto and this site's links", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVa\tScRiPt:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "file:///etc/passwd",
    ]) {
      expect(renderMarkdown(`[x](${href})`)).not.toContain("<a");
    }
    expect(renderMarkdown("[x](https://example.org)")).toContain(
      '<a href="https://example.org" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(renderMarkdown("[x](mailto:help@example.org)")).toContain(
      'href="mailto:help@example.org"',
    );
    expect(renderMarkdown("[x](#section)")).toContain('href="#section"');
  });

  it("loads nothing: no images, no inline styles", () => {
    expect(renderMarkdown("![a](https://evil.example/x.png)")).not.toContain("<img");
    const table = renderMarkdown("| a | b |\n|:--|--:|\n| 1 | 2 |");
    expect(table).toContain("<table>");
    expect(table).not.toContain("style=");
  });

  it("gives plain text for lists", () => {
    expect(markdownText("**Bold** & <b>tag</b>")).toBe("Bold & <b>tag</b>");
  });
});

describe("the stored-XSS corpus through the Markdown renderer", () => {
  it("has at least 30 payloads", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });
  it.each(XSS_PAYLOADS.map((payload, index) => [index + 1, payload]))(
    "payload %i renders inert",
    (_, payload) => {
      expect(executableMarkup(renderMarkdown(String(payload)))).toEqual([]);
    },
  );
  it("the checker finds what it must (it is not blind)", () => {
    expect(executableMarkup("<img src=x onerror=alert(1)>")).not.toEqual([]);
    expect(executableMarkup('<a href="jav&#97;script:alert(1)">x</a>')).not.toEqual([]);
    expect(executableMarkup("<script>alert(1)</script>")).not.toEqual([]);
    expect(executableMarkup('<p style="color:red">x</p>')).not.toEqual([]);
  });
});
