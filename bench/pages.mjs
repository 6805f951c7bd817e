// Page loads in Debian's Chromium (optional: skipped when it is not installed). A stand-in for Lighthouse,
// which is not a dependency of the project: the same throttling Lighthouse's mobile preset uses (4x CPU
// slowdown; 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) applied through DevTools, and the figures it leads
// with: First Contentful Paint, Largest Contentful Paint, and the JavaScript the route actually fetched.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const THROTTLING = {
  cpuSlowdown: 4,
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};

export function chromiumAvailable() {
  return existsSync(CHROMIUM);
}

async function measure(browser, url, cookie, readySelector) {
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    // Host-only (no leading dot), Secure and path=/, as the __Host- prefix requires; Chromium accepts Secure
    // cookies on loopback.
    await context.addCookies([{ name, value, domain: new URL(url).hostname, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', THROTTLING.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  const scripts = new Set();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || path.endsWith('.js')) scripts.add(path.replace(/^\/assets\//, ''));
  });
  await page.addInitScript(() => {
    // Collected in the page: paint timings and the last LCP candidate.
    const vitals = { lcp: 0 };
    globalThis.__vitals = vitals;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  if (readySelector) await page.waitForSelector(readySelector, { timeout: 30_000 }).catch(() => {});
  const vitals = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const nav = performance.getEntriesByType('navigation')[0];
    return { fcp, lcp: globalThis.__vitals.lcp || null, domContentLoaded: nav?.domContentLoadedEventEnd ?? null, path: globalThis.location.pathname };
  });
  await context.close();
  return { ...vitals, scripts: [...scripts].sort() };
}

/** Loads `/` signed out and `/profile` signed in; returns their timings and the scripts each fetched. */
export async function measurePages(base, cookie) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const landing = await measure(browser, `${base}/`, null, 'main h1');
    const profile = await measure(browser, `${base}/profile`, cookie, '[data-testid="profile-header"]');
    return { throttling: '4x CPU, 150 ms RTT, 1.6 Mbit/s down (Lighthouse mobile values, DevTools-applied)', landing, profile };
  } finally {
    await browser.close();
  }
}
