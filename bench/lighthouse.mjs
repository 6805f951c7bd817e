// Lighthouse on the production build as the bench serves it (bench/run.mjs): `/` with Lighthouse's mobile
// preset (a mid-range phone, 4x CPU slowdown, slow 4G) and its desktop preset, in Debian's Chromium. Records
// the four category scores (0-100) and Largest Contentful Paint. Skipped when Chromium is not installed.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumAvailable, CHROMIUM } from './pages.mjs';

// Headless, and nothing of Chromium's own traffic (updates, sync, field trials) in the measurement.
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Chromium's HTTPS upgrades would turn the bench's plain-HTTP loopback server into an interstitial.
const LOOPBACK_FLAGS = ['--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** One Lighthouse run: the scores and LCP, and the failed audits of each category (the cheap fixes). */
async function audit(url, port, config) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const failed = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${category.id}: ${ref.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    failed,
    lighthouseVersion: lhr.lighthouseVersion,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
  };
}

/** `/` of `base`, mobile then desktop; null when Chromium is missing. */
export async function lighthouseScores(base) {
  if (!chromiumAvailable()) return null;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...FLAGS, ...LOOPBACK_FLAGS] });
  try {
    const url = new URL('/', base).href;
    return { url: '/', mobile: await audit(url, chrome.port), desktop: await audit(url, chrome.port, desktopConfig) };
  } finally {
    await chrome.kill();
  }
}
