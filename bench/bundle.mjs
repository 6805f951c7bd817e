// Bundle sizes of the production client build: gzip (level 9, what a CDN serves) of the JavaScript the
// landing route loads, and of all the JavaScript. "Initial" is read from the build itself (index.html's
// entry and modulepreloads, their static imports, and the landing page's lazy chunk with its own static
// imports); when Chromium is present, a real page load of `/` confirms it (see pages.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipKb = (bytes) => gzipSync(bytes, { level: 9 }).length / 1024;

/** Relative `import ... from "./x.js"` / `import "./x.js"` of a minified chunk (not dynamic `import(...)`). */
function staticImports(code) {
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]);
}

function closure(assets, roots) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !assets.has(name)) return;
    seen.add(name);
    for (const dep of staticImports(assets.get(name).toString('utf8'))) visit(dep);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * @param {string} clientDir the build's client output (index.html and assets/)
 * @param {string} landingChunkPrefix file-name prefix of the landing route's lazy chunk
 */
export function bundleSizes(clientDir, landingChunkPrefix = 'home-page-') {
  const assetsDir = join(clientDir, 'assets');
  const assets = new Map(
    readdirSync(assetsDir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => [name, readFileSync(join(assetsDir, name))]),
  );
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const landing = [...assets.keys()].filter((name) => name.startsWith(landingChunkPrefix));
  const initial = closure(assets, [...fromHtml, ...landing]);
  const sum = (names) => [...names].reduce((total, name) => total + gzipKb(assets.get(name)), 0);
  const raw = (names) => [...names].reduce((total, name) => total + assets.get(name).length / 1024, 0);
  const largest = [...assets.entries()]
    .map(([name, bytes]) => ({ name, kb: bytes.length / 1024, gzipKb: gzipKb(bytes), initial: initial.has(name) }))
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .slice(0, 6);
  return {
    initialFiles: [...initial].sort(),
    initialJsKb: raw(initial),
    initialJsGzipKb: sum(initial),
    totalJsKb: raw(assets.keys()),
    totalJsGzipKb: sum(assets.keys()),
    chunks: assets.size,
    largest,
    gzipOf: (names) => sum(names.filter((name) => assets.has(name))),
  };
}
