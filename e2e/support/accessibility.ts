/**
 * Accessibility checks of a screen with axe-core, and the keyboard moves the tests make.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { expect } from './test.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the whole page (open dialogs and menus included) and fails on any
 * serious or critical violation, naming each rule and element. The page's CSP forbids
 * script tags, so axe's source is evaluated the way Playwright evaluates its own code,
 * which the page's CSP does not govern (and which raises no violation).
 */
export const expectNoSeriousViolations = async (page: Page, screen = page.url()) => {
  const violations = await page.evaluate(async (source) => {
    const scope = window as unknown as { axe?: { run: (context: Document) => Promise<AxeResults> } };
    if (!scope.axe) (0, eval)(source);
    const results = await scope.axe!.run(document);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        elements: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      }));
  }, axeSource);
  expect(violations, `serious or critical axe-core violations on ${screen}`).toEqual([]);
};

/** Exactly one h1 on the page, with this text. */
export const expectOneH1 = async (page: Page, text: string | RegExp) => {
  const headings = page.locator('h1');
  await expect(headings).toHaveCount(1);
  await expect(headings).toHaveText(text);
};

/** One h1 and no serious violation: what every main screen must pass. */
export const expectAccessibleScreen = async (page: Page, screen: string, h1: string | RegExp) => {
  await expectOneH1(page, h1);
  await expectNoSeriousViolations(page, screen);
};

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would, and
 * fails if it is not reached within `limit` presses.
 */
export const tabTo = async (page: Page, target: Locator, { backwards = false, limit = 60 } = {}) => {
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target.toString()} was not reached with ${backwards ? 'Shift+Tab' : 'Tab'} in ${limit} presses`);
};

/** Presses an arrow key (a menu's, a list's) until `target` has the focus. */
export const arrowTo = async (page: Page, target: Locator, { key = 'ArrowDown', limit = 12 } = {}) => {
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target.toString()} was not reached with ${key} in ${limit} presses`);
};
