import { expect, test } from "./fixtures";

// Scripts' own start-up: only the JS project runs this file.
test("typing as a page arrives, on a slow machine, neither breaks nor stops hydration", async ({
  page,
}) => {
  // A slow hospital desktop: the gap between the HTML and a hydrated page is widest there, and a
  // key press in that gap is what once stopped hydration with a script error.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  // As on a first visit: every script fetched and compiled again.
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.goto("/login", { waitUntil: "commit" });
    const email = page.getByLabel("Email");
    await email.click();
    await page.keyboard.type("early@example.org");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(email).toHaveValue("early@example.org");
  }
  // The fixture fails the test on any error thrown by the page's scripts.
});
