/**
 * The layout check of the route walk, run in the page: boxes that stick out to the
 * right, and interactive elements on top of one another. Every measurement for one width is
 * taken in this one synchronous call (a page without JavaScript cannot await in an
 * evaluation: Chromium closes the page).
 */

/** The widths the walk measures every page at: a laptop, a tablet upright, a phone. */
export const LAYOUT_SIZES = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
  { width: 375, height: 812 },
] as const;

/**
 * Returns one line per fault, naming the element by a readable selector:
 *
 * - a visible element whose border box ends more than 1 px (subpixel rounding) to the right
 *   of its parent's border box, or of the viewport (reported only for the outermost element
 *   that does, not again for every child carried out with it), unless it sits inside a
 *   labelled scroll region (overflow-x auto/scroll, a region or focusable section/div with a
 *   name: what TableScroll renders) or inside a box that cuts its text off with an ellipsis;
 * - two visible interactive elements whose boxes overlap by more than 1 px both ways, unless
 *   one contains the other (a link in a summary).
 *
 * Invisible elements are skipped: display none, visibility hidden, no width or no height,
 * visually hidden text (clip or clip-path, on it or an ancestor), boxes moved off the left of
 * the page (a skip link, a honeypot field), the content of a closed <details>, <option>, and
 * the inside of an <svg> (the svg itself is measured).
 *
 * Three refinements, each for a false fault the first walk reported:
 * - measured at the top of the page: scrolled, the sticky site header lies over the content
 *   under it, by design, and its links "overlapped" the search page's buttons beneath;
 * - an absolutely positioned (or fixed) box is measured against the viewport only: its
 *   parent places it but does not size it (the avatar's badge overhangs its corner on purpose);
 * - an inline element (a link in a sentence) is measured per line box: one that wraps has a
 *   bounding rectangle across both lines that takes in the links beside it.
 *
 * Faults of repeated elements (the same selector but for nth-of-type) are given once, with a
 * count. Must stay self-contained: Playwright sends the function's source to the page.
 */
export function findLayoutFaults(): string[] {
  const TOLERANCE = 1;
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  const viewport = document.documentElement.clientWidth;
  const round = (px: number) => Math.round(px * 10) / 10;

  const label = (element: Element, classes: number) => {
    const tag = element.tagName.toLowerCase();
    const id = element.id ? `#${CSS.escape(element.id)}` : "";
    const names = [...element.classList]
      .slice(0, classes)
      .map((name) => `.${CSS.escape(name)}`)
      .join("");
    return `${tag}${id}${names}`;
  };
  /** tag#id.class from the nearest ancestor with an id (or body), nth-of-type where needed. */
  const selectorOf = (element: Element) => {
    const steps: string[] = [];
    let node: Element | null = element;
    while (node && node !== document.body) {
      let step = label(node, node === element ? 3 : 2);
      const parent: Element | null = node.parentElement;
      if (node.id) {
        steps.unshift(step);
        return steps.join(" > ");
      }
      const tag = node.tagName;
      const same = parent ? [...parent.children].filter((other) => other.tagName === tag) : [];
      if (same.length > 1) step += `:nth-of-type(${same.indexOf(node) + 1})`;
      steps.unshift(step);
      node = parent;
    }
    steps.unshift("body");
    return steps.join(" > ");
  };
  const textOf = (element: Element) => {
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim();
    const value = element instanceof HTMLInputElement ? element.value : "";
    const shown = text || value || element.getAttribute("aria-label") || "";
    return shown ? ` "${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}"` : "";
  };

  /** A scroll box the keyboard can reach and assistive technology can name. */
  const isLabelledScrollRegion = (element: Element, style: CSSStyleDeclaration) => {
    if (!["auto", "scroll"].includes(style.overflowX)) return false;
    const tag = element.tagName;
    const region =
      element.getAttribute("role") === "region" ||
      tag === "SECTION" ||
      (tag === "DIV" && element.getAttribute("tabindex") === "0");
    if (!region) return false;
    if ((element.getAttribute("aria-label") ?? "").trim()) return true;
    const ids = (element.getAttribute("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
    return ids.some((id) => (document.getElementById(id)?.textContent ?? "").trim() !== "");
  };

  const INTERACTIVE =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  const SKIPPED = new Set(["SCRIPT", "STYLE", "TEMPLATE", "OPTION", "OPTGROUP", "DATALIST"]);

  interface Found {
    key: string;
    line: string;
    count: number;
  }
  const found = new Map<string, Found>();
  const report = (key: string, line: string) => {
    const entry = found.get(key);
    if (entry) entry.count++;
    else found.set(key, { key, line, count: 1 });
  };
  const interactive: Array<{ element: Element; rects: DOMRect[] }> = [];

  interface Context {
    /** The nearest ancestor with a box, and its border box. */
    parent: Element;
    parentRect: DOMRect;
    /** Whether that box itself ends past the viewport (its children are not reported for it again). */
    parentPastViewport: boolean;
    /** Inside a labelled scroll region, or a box that cuts text off with an ellipsis. */
    exempt: boolean;
  }

  const visit = (element: Element, context: Context) => {
    if (SKIPPED.has(element.tagName)) return;
    const style = getComputedStyle(element);
    if (style.display === "none") return;
    // Visually hidden text: clipped to nothing, with everything inside it.
    if (style.clip !== "auto" || style.clipPath !== "none") return;
    const rect = element.getBoundingClientRect();
    const hasBox = style.display !== "contents" && rect.width > 0 && rect.height > 0;
    // Off the left of the page: the off-screen way of hiding (a skip link until focused,
    // the contact form's honeypot field, 1 px wide and 10,000 px to the left, whose field
    // "stuck out" of its 1 px box in the first walk).
    const shown = hasBox && style.visibility !== "hidden" && rect.right > 0;
    // Out of the flow, an absolutely positioned box is placed, not sized, by its parent: one
    // that overhangs its parent's corner on purpose (the avatar's badge of new alerts) is
    // measured against the viewport only.
    const placed = style.position === "absolute" || style.position === "fixed";

    let inner = context;
    if (shown) {
      if (!context.exempt) {
        const pastParent = placed ? 0 : rect.right - context.parentRect.right;
        const pastViewport = rect.right - viewport;
        const parts: string[] = [];
        if (pastParent > TOLERANCE)
          parts.push(`${round(pastParent)} px past its parent ${label(context.parent, 2)}`);
        if (pastViewport > TOLERANCE && !context.parentPastViewport)
          parts.push(`${round(pastViewport)} px past the viewport`);
        if (parts.length > 0) {
          const selector = selectorOf(element);
          report(
            `${selector.replace(/:nth-of-type\(\d+\)/g, "")} ${parts.join(" ").replace(/[\d.]+ px/g, "")}`,
            `${selector}${textOf(element)} sticks out ${parts.join(" and ")}`,
          );
        }
      }
      // A link that wraps onto a second line has a box per line: its bounding rectangle
      // would take in the words beside it, and the links among them.
      if (element.matches(INTERACTIVE))
        interactive.push({
          element,
          rects: style.display === "inline" ? [...element.getClientRects()] : [rect],
        });
    }
    if (element.tagName.toLowerCase() === "svg") return;
    if (hasBox)
      inner = {
        parent: element,
        parentRect: rect,
        parentPastViewport: rect.right - viewport > TOLERANCE,
        exempt: context.exempt,
      };
    if (
      isLabelledScrollRegion(element, style) ||
      (style.textOverflow === "ellipsis" && style.overflowX !== "visible")
    )
      inner = { ...inner, exempt: true };
    const closedDetails = element.tagName === "DETAILS" && !(element as HTMLDetailsElement).open;
    for (const child of element.children) {
      // A closed <details> shows its own summary only.
      if (
        closedDetails &&
        !(child.tagName === "SUMMARY" && child === element.querySelector(":scope > summary"))
      )
        continue;
      visit(child, inner);
    }
  };

  const body = document.body;
  const root = document.documentElement.getBoundingClientRect();
  visit(body, {
    parent: document.documentElement,
    parentRect: root,
    parentPastViewport: root.right - viewport > TOLERANCE,
    exempt: false,
  });

  for (let i = 0; i < interactive.length; i++) {
    for (let j = i + 1; j < interactive.length; j++) {
      const a = interactive[i];
      const b = interactive[j];
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      let across = 0;
      let down = 0;
      for (const one of a.rects) {
        for (const other of b.rects) {
          const x = Math.min(one.right, other.right) - Math.max(one.left, other.left);
          const y = Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top);
          if (x > TOLERANCE && y > TOLERANCE && x * y > across * down) {
            across = x;
            down = y;
          }
        }
      }
      if (across > 0) {
        const first = selectorOf(a.element);
        const second = selectorOf(b.element);
        report(
          `${first} ${second}`.replace(/:nth-of-type\(\d+\)/g, ""),
          `${first}${textOf(a.element)} and ${second}${textOf(b.element)} overlap (${round(across)} × ${round(down)} px)`,
        );
      }
    }
  }

  return [...found.values()].map(({ line, count }) =>
    count > 1 ? `${line} (and ${count - 1} more like it)` : line,
  );
}

/**
 * The house style's one primary action per page (docs/design.md, Actions), run in the page:
 * returns one line, naming every filled primary action inside `main`, when there is more
 * than one; none otherwise.
 *
 * A primary action is a visible `button`, `[role=button]`, `a.button-link` or
 * `input[type=submit|button]` that is drawn filled: none of `.secondary`, `.outline`,
 * `.contrast` (Pico's other variants) or `.danger` (red: a destructive action, such as a
 * confirmation page's, has its own colour). Invisible ones are skipped as in
 * findLayoutFaults: display none, visibility hidden, no box, visually hidden (clip or
 * clip-path, on it or an ancestor), off the left of the page, and the content of a closed
 * <details> (the search filters on a phone), unless the stylesheet draws it open (the same
 * filters beside the results on a wider screen). The header, footer and anything else outside
 * `main` are not the page's own actions.
 *
 * One exception: a pressed toggle (`aria-pressed="true"`, the search results' Card view /
 * Table view switch) is filled to show which view is on, not to ask to be pressed: pressing
 * it again does nothing, so it is a state, not an action.
 *
 * Must stay self-contained: Playwright sends the function's source to the page.
 */
export function findExtraPrimaryActions(): string[] {
  const main = document.querySelector("main");
  if (!main) return [];
  const ACTIONS =
    'button, [role="button"], a.button-link, input[type="submit"], input[type="button"]';
  const NOT_PRIMARY = ".secondary, .outline, .contrast, .danger";

  const hidden = (element: Element) => {
    // Display none here or above, visibility hidden, and the content of a closed <details>
    // (content-visibility hidden), but not one the stylesheet shows open: the search filters
    // beside the results on a wide screen are a closed <details> drawn open.
    if (!element.checkVisibility({ visibilityProperty: true })) return true;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.clip !== "auto" || style.clipPath !== "none") return true;
    }
    const rect = element.getBoundingClientRect();
    return rect.width === 0 || rect.height === 0 || rect.right <= 0;
  };
  const label = (element: Element) => {
    const tag = element.tagName.toLowerCase();
    const id = element.id ? `#${CSS.escape(element.id)}` : "";
    const names = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${CSS.escape(name)}`)
      .join("");
    return `${tag}${id}${names}`;
  };
  /** The element and its nearest ancestor with an id or a class, enough to find it. */
  const selectorOf = (element: Element) => {
    let anchor = element.parentElement;
    while (anchor && anchor !== main && !anchor.id && anchor.classList.length === 0)
      anchor = anchor.parentElement;
    return anchor && anchor !== main ? `${label(anchor)} ${label(element)}` : label(element);
  };
  const textOf = (element: Element) => {
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim();
    const value = element instanceof HTMLInputElement ? element.value : "";
    const shown = text || value || element.getAttribute("aria-label") || "";
    return `"${shown.length > 40 ? `${shown.slice(0, 39)}…` : shown}"`;
  };

  const primaries = [...main.querySelectorAll(ACTIONS)].filter(
    (element) =>
      !element.matches(NOT_PRIMARY) &&
      element.getAttribute("aria-pressed") !== "true" &&
      !hidden(element),
  );
  if (primaries.length <= 1) return [];
  const named = primaries.map((element) => `${selectorOf(element)} ${textOf(element)}`);
  return [
    `${primaries.length} primary (filled) actions, one at most: ${named.join(", ")}; make all but the one the page is for class="secondary"`,
  ];
}
