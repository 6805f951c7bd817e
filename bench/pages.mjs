// Page loads in Debian's Chromium (optional: skipped when it is not installed). A stand-in for Lighthouse,
// which is not a dependency of the project: the same throttling Lighthouse's mobile preset uses (4x CPU
// slowdown; 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) applied through DevTools, and the figures it leads
// with: First Contentful Paint, Largest Contentful Paint, and the JavaScript the route actually fetched, all of
// it and the part asked for before the largest paint. Each page loads three times (a fresh context, no cache);
// the run with the median LCP counts.
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
  const { beforeLcp, ...vitals } = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const nav = performance.getEntriesByType('navigation')[0];
    const lcp = globalThis.__vitals.lcp || null;
    // Scripts asked for before the largest paint, on the page's own clock: what that paint could have waited for.
    const beforeLcp = performance
      .getEntriesByType('resource')
      .filter((entry) => lcp !== null && entry.startTime < lcp && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname);
    return { fcp, lcp, domContentLoaded: nav?.domContentLoadedEventEnd ?? null, path: globalThis.location.pathname, beforeLcp };
  });
  await context.close();
  const name = (path) => path.replace(/^\/assets\//, '');
  return { ...vitals, scripts: [...scripts].sort(), scriptsBeforeLcp: [...new Set(beforeLcp.map(name))].sort() };
}

const LOADS = 3;

/** The load with the median LCP of three, and every load's FCP and LCP. */
async function medianLoad(browser, url, cookie, readySelector) {
  const loads = [];
  for (let i = 0; i < LOADS; i++) loads.push(await measure(browser, url, cookie, readySelector));
  const sorted = [...loads].sort((a, b) => (a.lcp ?? Infinity) - (b.lcp ?? Infinity));
  return { ...sorted[Math.floor(LOADS / 2)], loads: loads.map(({ fcp, lcp }) => ({ fcp, lcp })) };
}

/** Loads `/` signed out and `/profile` signed in, three times each; returns the median load's timings and scripts. */
export async function measurePages(base, cookie) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const landing = await medianLoad(browser, `${base}/`, null, 'main h1');
    const profile = await medianLoad(browser, `${base}/profile`, cookie, '[data-testid="profile-header"]');
    return { throttling: '4x CPU, 150 ms RTT, 1.6 Mbit/s down (Lighthouse mobile values, DevTools-applied)', landing, profile };
  } finally {
    await browser.close();
  }
}
