// The types of ./bundle.mjs, for the end-to-end test that holds the initial JS budget (test/e2e/production.spec.ts).
export interface BundleSizes {
  initialFiles: string[];
  initialJsKb: number;
  initialJsGzipKb: number;
  totalJsKb: number;
  totalJsGzipKb: number;
  chunks: number;
  largest: { name: string; kb: number; gzipKb: number; initial: boolean }[];
  gzipOf: (names: string[]) => number;
}

export function bundleSizes(clientDir: string, landingChunkPrefix?: string): BundleSizes;
