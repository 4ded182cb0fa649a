/**
 * The browser tests' `test`: Playwright's, plus a guard that fails a test when any page it
 * opened reports a Content-Security-Policy violation. Every spec imports `test` and
 * `expect` from here, never from '@playwright/test'.
 */
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

export { expect };

const BINDING = '__reportCspViolation';

// Chromium prints CSP refusals to the console itself, but Playwright's console event only
// carries the page's own console calls: the page's `securitypolicyviolation` event is the
// reliable signal, so an init script hands each one to the test.
const listenInPage = (binding: string) => {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile || location.href}:${event.lineNumber}:${event.columnNumber}`,
      );
    },
    { capture: true },
  );
};

const watched = new WeakSet<BrowserContext>();

const watch = async (context: BrowserContext, violations: string[]) => {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript(listenInPage, BINDING);
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
};

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      // Tests open more windows with browser.newContext() (a second person): watch those too.
      const original = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const context = await original(options);
        await watch(context, violations);
        return context;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = original;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watch(context, cspViolations);
    await use(context);
  },
});
