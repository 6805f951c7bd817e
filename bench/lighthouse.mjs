// Lighthouse on the production build as the bench serves it (bench/run.mjs): `/` with Lighthouse's mobile
// preset (a mid-range phone, 4x CPU slowdown, slow 4G) and its desktop preset, in Debian's Chromium. Records
// the four category scores (0-100), Largest Contentful Paint and the failed audits of the median of three runs
// of each preset (a single run on a shared machine moves by 10 points). Skipped when Chromium is not installed.
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

const RUNS = 3;

/**
 * `runs` audits with one preset: the run with the median performance score (the lower LCP between equal scores)
 * with its scores, LCP and failed audits, and every run's score and LCP.
 */
async function medianAudit(url, port, config, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await audit(url, port, config));
  const sorted = [...all].sort((a, b) => (a.performance || 0) - (b.performance || 0) || b.lcpMs - a.lcpMs);
  return { ...sorted[Math.floor(runs / 2)], runs: all.map(({ performance, lcpMs }) => ({ performance, lcpMs })) };
}

/** `/` of `base`, mobile then desktop, `runs` times each; null when Chromium is missing. */
export async function lighthouseScores(base, { runs = RUNS } = {}) {
  if (!chromiumAvailable()) return null;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...FLAGS, ...LOOPBACK_FLAGS] });
  try {
    const url = new URL('/', base).href;
    return { url: '/', runs, mobile: await medianAudit(url, chrome.port, undefined, runs), desktop: await medianAudit(url, chrome.port, desktopConfig, runs) };
  } finally {
    await chrome.kill();
  }
}
