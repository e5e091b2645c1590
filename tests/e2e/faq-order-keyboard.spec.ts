import { expect, logIn, test } from "./fixtures";

/**
 * The FAQ order from the keyboard alone, with scripts (the drag handle is their enhancement;
 * without them the Move buttons do the same, in faq-glossary.spec.ts). JS only: the file name
 * matches the no-JS project's testIgnore.
 */
test("an editor reorders the FAQ with the keyboard, and the order survives a reload", async ({
  page,
  axe,
}) => {
  await logIn(page, "editor@example.org");
  await page.goto("/dashboard/managefaqs");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const texts = () => page.locator("ol.reorder-list .reorder-question").allTextContents();
  const before = await texts();
  const total = before.length;
  const question = before[total - 1];
  const live = page.locator('[aria-live="assertive"]');

  await page.getByRole("button", { name: `Drag “${question}”` }).focus();
  await page.keyboard.press("Space");
  await expect(live).toContainText(
    `Question “${question}” picked up, position ${total} of ${total}.`,
  );
  await axe();
  await page.keyboard.press("ArrowUp");
  await expect(live).toHaveText(
    `Question “${question}” moved to position ${total - 1} of ${total}.`,
  );
  await page.keyboard.press("ArrowUp");
  await expect(live).toHaveText(
    `Question “${question}” moved to position ${total - 2} of ${total}.`,
  );
  // Focus stays on the handle as its row moves.
  await expect(page.getByRole("button", { name: `Drag “${question}”` })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(live).toContainText(`dropped at position ${total - 2} of ${total}`);

  // Escape puts a question back where it was picked up.
  const other = before[0];
  await page.getByRole("button", { name: `Drag “${other}”` }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(live).toHaveText(
    `Move cancelled. Question “${other}” is back at position 1 of ${total}.`,
  );

  await page.getByRole("button", { name: "Save order" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`The order of the ${total} questions is saved.`)).toBeVisible();
  await page.reload();
  const after = await texts();
  expect(after[total - 3]).toBe(question);
  expect(after[0]).toBe(other);
  expect([...after].sort()).toEqual([...before].sort());
});
