import { expect, test } from '@playwright/test';
import { bundleSizes } from '../../bench/bundle.mjs';
import { startOwnServer } from './own-server';

/** The initial JS budget of every screen (README, "The bar"): what the landing page's first load may fetch. */
const INITIAL_JS_GZIP_KB = 90;

const PORT = Number(process.env.E2E_PORT ?? 5174) + 21;

/**
 * The production build, served the way Cloudflare serves it (assets layer + Worker, via `vite preview`):
 * public/_headers must reach the SPA, and the app must run under that CSP (no inline script).
 */
test('the production build serves the SPA with its security headers and runs under its CSP', async ({ browser }) => {
  test.setTimeout(300_000);
  const server = await startOwnServer(PORT, { E2E_PREVIEW: '1' });
  try {
    for (const path of ['/', '/profile', '/no/such/page']) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
      expect(response.headers.get('X-XSS-Protection')).toBe('0');
    }
    // Item drawings are static files of the build, cached by the browser between screens.
    const drawing = await fetch(`${server.url}/item-art/feather.svg`);
    expect(drawing.status).toBe(200);
    expect(drawing.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(drawing.headers.get('Cache-Control')).toContain('max-age=86400');
    expect(drawing.headers.get('X-XSS-Protection')).toBe('0');
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start scavenging' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect(problems, 'CSP violations or errors').toEqual([]);
    await context.close();
    // The build this server serves: its landing page's script within the budget, new screens loaded lazily.
    const { initialJsGzipKb, initialFiles } = bundleSizes('dist/client');
    expect(initialJsGzipKb, `initial JS (${initialFiles.join(', ')}) in KB gzip`).toBeLessThanOrEqual(INITIAL_JS_GZIP_KB);
  } finally {
    await server.stop();
  }
});
