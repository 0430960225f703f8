import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";

/** What a keyboard user may tab to: enabled, rendered, not taken out of the tab order. */
const TABBABLE =
  "a[href], button, input, select, textarea, summary, [tabindex], [contenteditable=''], [contenteditable='true']";

type DialogKeyboardOptions = {
  /** The key that activates the trigger (a button answers both). */
  key?: "Enter" | "Space";
  /** "alertdialog" for confirmations. */
  role?: "dialog" | "alertdialog";
};

/** A short description of the focused element, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "<body>";
    const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
    return `<${el.tagName.toLowerCase()}> "${name}"`;
  });
}

function focusIsWithin(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/**
 * Issue "every dialog reachable and closable by keyboard": focuses `trigger` and activates it with Enter or Space
 * only, then checks that focus moved into the dialog named `name`, that Tab and Shift+Tab cycle inside it (and do
 * wrap round), that Escape closes it, and that focus is back on the trigger. Leaves the page as it found it.
 */
export async function checkDialogKeyboard(
  page: Page,
  trigger: Locator,
  name: string | RegExp,
  { key = "Enter", role = "dialog" }: DialogKeyboardOptions = {},
): Promise<void> {
  const label = `${role} ${String(name)}`;
  await trigger.focus();
  assert.ok(await trigger.evaluate((el) => el === document.activeElement), `${label}: the trigger cannot take focus`);
  await page.keyboard.press(key);
  const dialog = page.getByRole(role, { name });
  await dialog.waitFor({ timeout: 5000 });
  await page.waitForFunction((el) => el?.contains(document.activeElement), await dialog.elementHandle());
  assert.ok(await focusIsWithin(dialog), `${label}: focus did not move into the dialog`);

  const stops = await dialog.evaluate(
    (el, selector) =>
      [...el.querySelectorAll<HTMLElement>(selector)].filter(
        (c) => c.tabIndex >= 0 && !c.matches(":disabled") && c.getClientRects().length > 0,
      ).length,
    TABBABLE,
  );
  assert.ok(stops > 0, `${label}: nothing in the dialog can take focus`);
  for (const direction of ["Tab", "Shift+Tab"]) {
    const seen: number[] = [];
    // one more press than there are stops: focus must come round to one it already visited, never leave
    for (let i = 0; i <= stops; i += 1) {
      await page.keyboard.press(direction);
      assert.ok(await focusIsWithin(dialog), `${label}: ${direction} moved focus out to ${await describeFocus(page)}`);
      seen.push(
        await page.evaluate(() => {
          // numbers each element the first time it takes focus, so a revisit can be recognised
          const counter = window as unknown as { __stops?: number };
          const el = document.activeElement as HTMLElement & { __stop?: number };
          el.__stop ??= counter.__stops = (counter.__stops ?? 0) + 1;
          return el.__stop;
        }),
      );
    }
    assert.ok(new Set(seen).size < seen.length, `${label}: ${direction} did not cycle within the dialog`);
  }

  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached", timeout: 5000 });
  const returned = await page
    .waitForFunction((el) => el === document.activeElement, await trigger.elementHandle(), { timeout: 2000 })
    .then(() => true)
    .catch(() => false);
  assert.ok(returned, `${label}: after Escape focus went to ${await describeFocus(page)}, not back to the trigger`);
}
