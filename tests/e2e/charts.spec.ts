import type { Browser, Locator, Page } from "@playwright/test";
import { required } from "../../app/lib/required";
import { exampleRecords, jsonLines, progressedExample } from "../records";
import { expect, logIn, startJob, test, waitForJob } from "./fixtures";

/**
 * The charts (decision 021): above search results, on the overview and on the user report, with
 * JavaScript on and off and axe on each state. The server starts on the demo catalogue.
 */

const details = (page: Page) => page.locator("details.search-charts");
const summary = (page: Page) => details(page).locator(":scope > summary");

/** The result count once the page has caught up (see search.spec.ts). */
async function resultCount(page: Page) {
  await expect(page.locator(".search-results[aria-busy]")).toHaveCount(0);
  const text = required(
    await page.locator(".result-count strong").textContent(),
    "the result count's text",
  );
  return Number(text.replace(/[^0-9]/g, ""));
}

/** Opens the charts above the results: the summary, and without JS the link it reveals. */
async function openCharts(page: Page, jsEnabled: boolean) {
  // With scripts, the summary's toggle updates the address only once the page is hydrated:
  // a click before that opens the disclosure natively and leaves the address as it was.
  if (jsEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await summary(page).click();
  if (!jsEnabled) {
    await expect(page).not.toHaveURL(/[?&]charts=/);
    await details(page).getByRole("link", { name: "Show the charts of these results" }).click();
  }
  await expect(page).toHaveURL(/[?&]charts=1(&|$)/);
  await expect(page.locator("#chart-eu-status svg[role=img]")).toBeVisible();
}

/** A bar's link: what it is called, and the label and count it names. */
async function bar(links: Locator, index: number) {
  const link = links.nth(index);
  const name = required(await link.textContent(), "a bar link's name");
  const match = required(
    /^(.*?)(?: \(applied\))?: ([\d,]+) records?\. Show only these$/.exec(name),
    `a bar link named "${name}"`,
  );
  return { link, label: match[1], count: Number(match[2].replaceAll(",", "")) };
}

test.describe("charts", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a chart bar applies its filter: the results are the bar's count, the filter shows as applied, the charts stay open", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await logIn(page, "member@example.org");
    await page.goto("/search?q=cancer");
    await expect(details(page)).not.toHaveAttribute("open", /.*/);
    await openCharts(page, jsEnabled);
    const figure = page.getByRole("figure", { name: "Matches by EU regulatory status" });
    await expect(
      figure.getByRole("img", { name: /^Matches by EU regulatory status/ }),
    ).toBeVisible();
    await axe();

    // An EU status bar (the second: not simply the most common).
    const status = await bar(page.locator("#chart-eu-status .chart-links a"), 1);
    expect(status.count).toBeGreaterThan(0);
    await status.link.click();
    await expect(page).toHaveURL(/[?&]f=euRegulatoryStatus/);
    // Polled: with JS the address changes a moment before the new results are drawn.
    await expect.poll(() => resultCount(page)).toBe(status.count);
    const selected = page.locator(".selected-filters");
    await expect(
      selected.getByRole("link", { name: `EU regulatory status: ${status.label} (remove)` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/[?&]charts=1(&|$)/);
    await expect(details(page)).toHaveAttribute("open", "");
    await expect(
      page.locator("#chart-eu-status .chart-links a", {
        hasText: `${status.label} (applied): ${status.count.toLocaleString("en-GB")}`,
      }),
    ).toHaveCount(1);
    await axe();

    // A year of the histogram, with the status kept.
    const years = page.locator("#chart-eu-years .chart-links a");
    const year = await bar(years, (await years.count()) - 1);
    await year.link.click();
    await expect(page).toHaveURL(/[?&]euYearFrom=\d{4}/);
    await expect.poll(() => resultCount(page)).toBe(year.count);
    await expect(
      selected.getByRole("link", { name: `Year of next or last EU event: ${year.label} (remove)` }),
    ).toBeVisible();
    await expect(
      selected.getByRole("link", { name: `EU regulatory status: ${status.label} (remove)` }),
    ).toBeVisible();

    // An FDA status bar, with both kept; its link starts again from page 1.
    const fda = await bar(page.locator("#chart-fda-status .chart-links a"), 0);
    await fda.link.click();
    await expect(page).toHaveURL(/[?&]f=fdaRegulatoryStatus/);
    await expect.poll(() => resultCount(page)).toBe(fda.count);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(selected.getByRole("link", { name: /\(remove\)$/ })).toHaveCount(4);
    await axe();

    // The same numbers in the table under "Show the data".
    await page.locator("#chart-fda-status summary", { hasText: "Show the data" }).click();
    const row = page
      .getByRole("table", { name: "Matches by FDA regulatory status" })
      .getByRole("row", { name: new RegExp(`^${fda.label} \\(applied\\)`) });
    await expect(row.getByRole("cell")).toHaveText([fda.count.toLocaleString("en-GB")]);
  });

  test("the charts' open state is kept in the URL, and a new search keeps them open", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await logIn(page, "member@example.org");
    await page.goto("/search?q=melanoma");
    await expect(details(page)).not.toHaveAttribute("open", /.*/);
    await expect(page.locator("#chart-eu-status")).toHaveCount(0);
    // With JS, opening and closing change the address in place: no new page, no new entry.
    await page.evaluate(() => {
      (window as unknown as { kept: boolean }).kept = true;
    });
    const entries = await page.evaluate(() => history.length);
    await openCharts(page, jsEnabled);
    if (jsEnabled) {
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      expect(await page.evaluate(() => history.length)).toBe(entries);
    }
    await axe();

    // Kept in the address: a reload (or a bookmark) opens them.
    await page.reload();
    await expect(details(page)).toHaveAttribute("open", "");
    await expect(page.locator("#chart-eu-years svg[role=img]")).toBeVisible();

    // A new search from the form keeps them open, and draws them for it.
    await page.getByLabel("Search records").fill("lymphoma");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=lymphoma/);
    await expect(page).toHaveURL(/[?&]charts=1(&|$)/);
    await expect(details(page)).toHaveAttribute("open", "");
    const total = await resultCount(page);
    await expect(page.locator("#chart-eu-status")).toContainText("Matches by EU regulatory status");
    // The EU status bars of the new search add up to its results (each record has one status).
    const counts = await page
      .locator("#chart-eu-status .chart-links a")
      .evaluateAll((links) =>
        links.map((link) =>
          Number(/: ([\d,]+) records?/.exec(link.textContent ?? "")?.[1]?.replaceAll(",", "")),
        ),
      );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(total);

    // Closing: the summary with JS, the link without.
    await page.evaluate(() => {
      (window as unknown as { kept: boolean }).kept = true;
    });
    if (jsEnabled) await summary(page).click();
    else await details(page).getByRole("link", { name: "Close the charts" }).click();
    await expect(page).toHaveURL(/[?&]charts=0(&|$)/);
    await expect(details(page)).not.toHaveAttribute("open", /.*/);
    if (jsEnabled)
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await page.reload();
    await expect(details(page)).not.toHaveAttribute("open", /.*/);
    await axe();
  });

  test("the overview lists each saved search with its records changed in the last 30 days, each linked to its search", async ({
    page,
    axe,
    browser,
    jsEnabled,
    baseURL,
  }, testInfo) => {
    // A record published and then changed now (a first publication is not a change, as on
    // the notifications page), found by one saved search and not by the other.
    const [record] = exampleRecords();
    const editor = await otherBrowser(browser, jsEnabled, baseURL);
    await logIn(editor, "editor@example.org");
    for (const version of [record, progressedExample(record)]) {
      await editor.goto("/dashboard/records");
      await editor.getByLabel("Records file").setInputFiles({
        name: "charts.jsonl",
        mimeType: "application/json",
        buffer: Buffer.from(jsonLines([version])),
      });
      await editor.getByLabel("Publish the changes at once").check();
      await editor.getByRole("button", { name: "Check the file" }).click();
      await waitForJob(editor);
      await startJob(editor, () =>
        editor.getByRole("button", { name: /^Publish \d+ record\(s\)$/ }).click(),
      );
      await expect(editor.getByRole("heading", { level: 2, name: "Changes made" })).toBeVisible();
    }
    await editor.context().close();

    await logIn(page, "member@example.org");
    const found = `Charts found (${testInfo.project.name})`;
    const none = `Charts none (${testInfo.project.name})`;
    for (const [query, title] of [
      [record.hssId, found],
      [`${record.hssId} nosuchwordanywhere`, none],
    ]) {
      await page.goto(`/dashboard/savedsearches/new?q=${encodeURIComponent(query)}`);
      await page.getByLabel("Title").fill(title);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText(`Search saved as “${title}”.`)).toBeVisible();
    }

    await page.goto("/dashboard/overview");
    const figure = page.getByRole("figure", {
      name: "Records changed in the last 30 days, per saved search",
    });
    await expect(figure.getByRole("img")).toBeVisible();
    await expect(
      figure.getByRole("link", { name: `${found}: 1 record changed. Run this search` }),
    ).toBeVisible();
    await expect(figure.getByText(`${none}: 0 records changed. Run this search`)).toHaveCount(1);
    await axe();
    await figure.getByRole("link", { name: `${found}: 1 record changed. Run this search` }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${record.hssId}$`));
    expect(await resultCount(page)).toBe(1);

    // Tidy: the saved searches go, so the shared member's overview stays short.
    await page.goto("/dashboard/savedsearches");
    for (const title of [found, none]) {
      const saved = page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: title }) });
      await saved.locator("summary", { hasText: "Delete" }).click();
      await saved.getByRole("button", { name: /^Yes, delete/ }).click();
      await expect(page.getByText("Saved search deleted.")).toBeVisible();
    }
  });

  test("the user report draws each measure over the range, with the same totals as the report", async ({
    page,
    axe,
  }) => {
    await logIn(page, "admin@example.org");
    await page.goto("/dashboard/userreports");
    const figure = page.getByRole("figure", {
      name: "Activity of these users per day",
      exact: true,
    });
    await expect(figure.getByRole("img")).toHaveCount(5);
    const totals = page.locator("tfoot tr").last();
    const reported = (await totals.getByRole("cell").allTextContents()).map((text) =>
      Number(text.replaceAll(",", "")),
    );
    const names = ["Sign-ins", "Searches", "Record views", "Exports", "HIR downloads"];
    for (const [i, name] of names.entries()) {
      await expect(
        figure.getByRole("img", {
          name: new RegExp(`^${name}: ${reported[i].toLocaleString("en-GB")} `),
        }),
      ).toBeVisible();
    }
    expect(reported[0]).toBeGreaterThan(0);
    await figure.locator("summary").click();
    const table = figure.getByRole("table", { name: /^Activity of these users per day/ });
    await expect(table.getByRole("row")).toHaveCount(30 + 2);
    await expect(table.locator("tfoot td")).toHaveText(
      reported.map((n) => n.toLocaleString("en-GB")),
    );
    await axe();

    // A long range is drawn a year at a time.
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2030-12-31");
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(
      page.getByRole("figure", { name: "Activity of these users per year", exact: true }),
    ).toBeVisible();
    await axe();
  });

  test("in forced colours the bars keep their shapes and the applied one its hatching", async ({
    page,
    browser,
  }, testInfo) => {
    await page.emulateMedia({ forcedColors: "active" });
    await logIn(page, "member@example.org");
    await page.goto("/search?q=cancer&charts=1");
    const first = await bar(page.locator("#chart-eu-status .chart-links a"), 0);
    await first.link.click();
    await expect(page).toHaveURL(/f=euRegulatoryStatus/);
    await expect(page.locator("#chart-eu-status .chart-bar-applied")).toHaveCount(1);
    const path = testInfo.outputPath(`search-charts-${testInfo.project.name}.png`);
    await page.locator("details.search-charts").screenshot({ path });
    await testInfo.attach("search charts in forced colours", { path, contentType: "image/png" });
    const applied = await lightShare(
      browser,
      page,
      page.locator("#chart-eu-status .chart-bar-applied"),
    );
    const plain = await lightShare(
      browser,
      page,
      page.locator("#chart-eu-status .chart-bar:not(.chart-bar-applied)").first(),
    );
    // Hatched: stripes of the ground colour; plain: solid text colour.
    expect(applied, "light share of the applied bar").toBeGreaterThan(0.25);
    expect(plain, "light share of a plain bar").toBeLessThan(0.05);
  });
});

async function otherBrowser(browser: Browser, jsEnabled: boolean, baseURL: string | undefined) {
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled,
    baseURL,
    reducedMotion: "reduce",
  });
  return context.newPage();
}

/** The share (0–1) of light pixels in a screenshot of the element's box (without its edge). */
async function lightShare(browser: Browser, page: Page, element: Locator) {
  await element.scrollIntoViewIfNeeded();
  const box = required(await element.boundingBox(), "the bar's box");
  const shot = await page.screenshot({
    clip: { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 },
  });
  // A scratch page with scripts on (the app's page may have them off, and its CSP refuses data: images).
  const context = await browser.newContext();
  const scratch = await context.newPage();
  try {
    return await scratch.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const drawing = canvas.getContext("2d");
      if (!drawing) throw new Error("no 2d canvas");
      drawing.drawImage(image, 0, 0);
      const data = drawing.getImageData(0, 0, image.width, image.height).data;
      let light = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i] + data[i + 1] + data[i + 2] > 600) light++;
      return light / (data.length / 4);
    }, shot.toString("base64"));
  } finally {
    await context.close();
  }
}
