import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The end-to-end suite runs the real server against its own local D1 and Durable Object state
 * (SCAVENGER_E2E_STATE), so it never touches a developer's data.
 */
const e2eState = process.env.SCAVENGER_E2E_STATE;
/**
 * The suite's own production build (scripts/e2e-server.sh): written to this folder, never to `dist/`, and
 * carrying the development variables of `.dev.vars` in its config. A served build (`wrangler dev` over its
 * config, `vite preview`) reads only the declared secrets from `.dev.vars`, so without this it would run as
 * production (no `/dev/fixtures/*`, no dev mailbox).
 */
const e2eBuild = process.env.SCAVENGER_E2E_BUILD;

/** The non-secret variables of `.dev.vars` (ENVIRONMENT, ADMIN_EMAIL, …). */
function developmentVars(secrets: readonly string[]): Record<string, string> {
  const file = new URL('.dev.vars', import.meta.url);
  if (!existsSync(file)) throw new Error('SCAVENGER_E2E_BUILD needs .dev.vars (scripts/dev-setup.mjs makes it)');
  const pairs = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
    .flatMap((match) => (match?.[1] && match[2] !== undefined && !secrets.includes(match[1]) ? [[match[1], match[2]] as const] : []));
  return Object.fromEntries(pairs);
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (client/sw/sw.ts; docs/design.md section 8.7): built with the precache list of the
    // shell's hashed files. Pages are never precached: they always come from the network, or the offline page.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'client/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ['assets/**/*.{js,css}', '*.{svg,png}'] },
      // The development server serves it too, so the e2e suite tests the same worker.
      devOptions: { enabled: true, type: 'module' },
    }),
    cloudflare({
      inspectorPort: false,
      persistState: e2eState ? { path: e2eState } : true,
      config: e2eBuild ? (worker) => ({ vars: { ...worker.vars, ...developmentVars(worker.secrets?.required ?? []) } }) : undefined,
    }),
  ],
  build: {
    outDir: e2eBuild ?? 'dist',
    // No modulepreload polyfill in the first script (0.4 KB gzip of the landing page's 90 KB budget, issue #57): every
    // browser with modulepreload (Baseline since 2023) fetches a screen's chunks side by side, and one without it
    // still loads them, each when its importer asks.
    modulePreload: { polyfill: false },
  },
  // Scan every lazy route up front: otherwise the first visit to a route with a new dependency makes Vite
  // re-bundle and reload the page mid-request, which breaks whatever the player (or a test) was doing.
  optimizeDeps: { entries: ['index.html', 'client/**/*.tsx'] },
});
