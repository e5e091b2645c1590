import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { required } from "../../app/lib/required";
import { TONE_ICON } from "../../app/lib/status-tone";
import { expect, logIn, test } from "./fixtures";

/**
 * Windows high contrast (forced colours) and the dark headers. In forced colours the
 * browser replaces every colour with the few system ones and drops background images and
 * shadows, so each state must show by a shape, a border or a word. The tests compare
 * screenshots of the two states of each control, and keep full-page screenshots (in the
 * test's output folder) for a person to look at.
 */

/** The share of pixels (0–1) that differ clearly between two screenshots of the same size. */
async function changedShare(browser: Browser, a: Buffer, b: Buffer) {
  // A scratch page with scripts on: the app's pages may have them off, and its CSP
  // refuses data: images.
  const context = await browser.newContext();
  const scratch = await context.newPage();
  try {
    return await scratch.evaluate(
      async ([first, second]) => {
        const pixels = async (base64: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = new OffscreenCanvas(image.width, image.height);
          const drawing = required2d(canvas.getContext("2d"));
          drawing.drawImage(image, 0, 0);
          return drawing.getImageData(0, 0, image.width, image.height).data;
        };
        function required2d<T>(value: T | null): T {
          if (!value) throw new Error("no 2d canvas");
          return value;
        }
        const [x, y] = await Promise.all([pixels(first), pixels(second)]);
        if (x.length !== y.length) return 1;
        let changed = 0;
        for (let i = 0; i < x.length; i += 4) {
          const delta =
            Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]);
          if (delta > 150) changed++;
        }
        return changed / (x.length / 4);
      },
      [a.toString("base64"), b.toString("base64")],
    );
  } finally {
    await context.close();
  }
}

/** A screenshot of the element with a margin round it, where focus rings and outlines are drawn. */
async function around(page: Page, element: Locator, margin = 8) {
  await element.scrollIntoViewIfNeeded();
  const box = required(await element.boundingBox(), `a box for ${element}`);
  return page.screenshot({
    clip: {
      x: Math.max(0, box.x - margin),
      y: Math.max(0, box.y - margin),
      width: box.width + 2 * margin,
      height: box.height + 2 * margin,
    },
  });
}

async function keep(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

test.describe("forced colours", () => {
  test.describe.configure({ timeout: 120_000 });

  test("checked facets, the selection, focus, severities and the timeline stay distinguishable", async ({
    page,
    browser,
    jsEnabled,
  }, testInfo) => {
    await page.emulateMedia({ forcedColors: "active" });
    await logIn(page, "editor@example.org");
    await page.goto("/search?q=cancer");
    expect(await page.evaluate(() => matchMedia("(forced-colors: active)").matches)).toBe(true);
    await keep(page, testInfo, `search-${testInfo.project.name}`);

    // A facet box, ticked and not (ticking it applies nothing until Apply filters).
    const facet = page.getByRole("checkbox", { name: /^Oncology, [\d,]+ records?$/ });
    const before = await around(page, facet, 2);
    await facet.check();
    const after = await around(page, facet, 2);
    expect(await changedShare(browser, before, after), "a ticked facet box").toBeGreaterThan(0.1);
    await facet.uncheck();

    // A result's selection box.
    const box = page.locator(".search-results input[type=checkbox][name=selected]").first();
    const unselected = await around(page, box, 2);
    await box.check();
    if (jsEnabled) await expect(page.locator(".selection-count")).toHaveText(/^Selected/);
    const selected = await around(page, box, 2);
    expect(await changedShare(browser, unselected, selected), "a selected result").toBeGreaterThan(
      0.1,
    );
    await box.uncheck();
    if (jsEnabled) await expect(page.locator(".selection-count")).toHaveText("No results selected");

    // Focus rings: the search button and a result link, from the keyboard.
    const button = page.getByRole("button", { name: "Search", exact: true });
    const link = page.locator(".search-results a[href^='/record/']").first();
    for (const target of [button, link]) {
      await target.evaluate((element) => (element as HTMLElement).blur());
      const plain = await around(page, target);
      // Focus from the keyboard (Shift+Tab, Tab), which is when the ring must show.
      await target.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(target).toBeFocused();
      const ringed = await around(page, target);
      // At least as many clearly changed pixels as a 1 px ring round the element.
      const box = required(await target.boundingBox(), "the focused element's box");
      const area = (box.width + 16) * (box.height + 16);
      const ring = 2 * (box.width + box.height);
      expect(
        (await changedShare(browser, plain, ringed)) * area,
        `pixels changed by the focus ring on ${await target.textContent()}`,
      ).toBeGreaterThan(ring);
    }

    // The regulatory timeline: EMA and FDA markers differ by shape and fill, not hue alone.
    await page.goto("/record/HSS-000001");
    await keep(page, testInfo, `record-${testInfo.project.name}`);
    const fills = await page.evaluate(() =>
      ["ema", "fda"].map((agency) => {
        const marker = document.querySelector(`.timeline-marker-${agency}`);
        if (!marker) return null;
        const style = getComputedStyle(marker);
        return `${marker.tagName} fill=${style.fill} stroke=${style.stroke}`;
      }),
    );
    expect(fills[0], "an EMA marker on the record").not.toBeNull();
    expect(fills[1], "an FDA marker on the record").not.toBeNull();
    expect(fills[0]).not.toBe(fills[1]);
    await expect(
      page.getByRole("table", { name: "Regulatory events, oldest first" }),
    ).toBeVisible();

    // A severity: a border and its name in words, which forced colours keep.
    await page.goto("/dashboard/records");
    await keep(page, testInfo, `records-${testInfo.project.name}`);
    await page.goto("/myaccount/profile");
    await page.getByRole("button", { name: "Save profile" }).click();
    const bar = page.locator(".alert-bar .alert").first();
    await expect(bar).toContainText(/^\W*(Error|Warning|Information|Success):/);
    const border = await bar.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        width: Number.parseFloat(style.borderInlineStartWidth),
        style: style.borderInlineStartStyle,
      };
    });
    expect(border.width).toBeGreaterThanOrEqual(4);
    expect(border.style).toBe("solid");
  });
});

test.describe("dark headers", () => {
  /**
   * Every text in the header against every colour its background passes through (the
   * home header is a gradient), and every control's edge (its own background or border)
   * against the header.
   */
  async function headerContrast(page: Page) {
    return page.evaluate(() => {
      const parse = (colour: string) => {
        const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
        return { rgb: parts.slice(0, 3), alpha: parts.length > 3 ? parts[3] : 1 };
      };
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a: number[], b: number[]) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      /** The colours behind an element: its nearest opaque background, or all a gradient's stops. */
      const backdrop = (element: Element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          const stops = style.backgroundImage.match(/rgba?\([^)]*\)/g);
          if (stops) return stops.map((stop) => parse(stop).rgb);
          const colour = parse(style.backgroundColor);
          if (colour.alpha === 1) return [colour.rgb];
        }
        return [[255, 255, 255]];
      };
      const header = document.querySelector(".site-header");
      if (!header) return { texts: [], controls: [] };
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
      };
      const texts: Array<{ text: string; ratio: number }> = [];
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        const text = node.textContent?.trim() ?? "";
        if (
          !element ||
          !text ||
          !visible(element) ||
          element.closest("details:not([open]) > :not(summary)")
        )
          continue;
        if (element.closest(".visually-hidden, [aria-hidden=true]")) continue;
        const colour = parse(getComputedStyle(element).color).rgb;
        texts.push({ text, ratio: Math.min(...backdrop(element).map((bg) => ratio(colour, bg))) });
      }
      const controls: Array<{ text: string; ratio: number }> = [];
      for (const control of header.querySelectorAll("a.button-link, button, summary, input")) {
        if (!visible(control) || control.closest("details:not([open]) > :not(summary)")) continue;
        const style = getComputedStyle(control);
        const behind = control.parentElement ? backdrop(control.parentElement) : [[255, 255, 255]];
        const edges = [parse(style.backgroundColor), parse(style.borderTopColor)]
          .filter(
            (colour, i) =>
              colour.alpha === 1 && (i === 0 || Number.parseFloat(style.borderTopWidth) > 0),
          )
          .map((colour) => Math.min(...behind.map((bg) => ratio(colour.rgb, bg))));
        // A control with neither its own background nor a border is known by its text alone.
        if (edges.length === 0) continue;
        controls.push({ text: control.textContent?.trim() ?? "", ratio: Math.max(...edges) });
      }
      return { texts, controls };
    });
  }

  for (const [variant, who, path] of [
    ["dark, signed out", null, "/"],
    ["dark, a signed-out page", null, "/login"],
    ["home gradient, signed in", "member@example.org", "/"],
  ] as const) {
    test(`the ${variant} header: text 4.5:1 and controls 3:1`, async ({ page }) => {
      if (who) await logIn(page, who);
      await page.goto(path);
      await expect(page.locator(".site-header")).toHaveClass(/site-header--(dark|home)/);
      for (const width of [1280, 320]) {
        await page.setViewportSize({ width, height: 800 });
        const { texts, controls } = await headerContrast(page);
        expect(texts.length, "texts in the header").toBeGreaterThan(0);
        expect(
          texts.filter((text) => text.ratio < 4.5),
          `text under 4.5:1 at ${width} px`,
        ).toEqual([]);
        expect(
          controls.filter((control) => control.ratio < 3),
          `controls under 3:1 at ${width} px`,
        ).toEqual([]);
      }
    });
  }
});

test("each status tone wears its own icon, kept out of the text read aloud", async ({ page }) => {
  await page.goto("/login");
  // The icons as the browser draws them from the page's own stylesheet, whatever rule wins.
  const drawn = await page.evaluate((tones) => {
    const shown: Record<string, string> = {};
    for (const tone of tones) {
      const tag = document.createElement("span");
      tag.className = "status-tag";
      tag.dataset.tone = tone;
      tag.textContent = "Word";
      document.body.append(tag);
      shown[tone] = getComputedStyle(tag, "::before").content;
      tag.remove();
    }
    return shown;
  }, Object.keys(TONE_ICON));
  // Chromium reports `content: "✔" / ""` as the string and its empty alternative text.
  const expected = Object.fromEntries(
    Object.entries(TONE_ICON).map(([tone, icon]) => [tone, `"${icon}" / ""`]),
  );
  expect(drawn).toEqual(expected);
});
