/**
 * The one Chromium every browser test drives (Playwright, Vitest's browser mode, the servers some e2e files
 * launch): Debian's, never a downloaded one, with flags that keep it off the (closed) network.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * The end-to-end browser. Its window is small: a page sees only the viewport each test sets (1280×800, a 390 px
 * phone), never the window, and screenshots are taken from the page, yet every frame is also drawn into the
 * window in software, which nobody sees. At 320×240 that drawing (the GPU process) went from 41 to 17 CPU-seconds
 * over 50 tests of ~380 (issue #50). Vitest's browser mode keeps the default window: its runner page, which holds
 * the tested component's frame, is laid out in it.
 */
export const E2E_CHROMIUM = { ...CHROMIUM, args: [...CHROMIUM.args, '--window-size=320,240'] };
