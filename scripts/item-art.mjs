// `npm run item-art`: writes public/item-art/<catalogue id>.svg, one file per item, from the drawings that
// game/item-icons.ts names (react-icons/gi, Game Icons, CC BY 3.0). Served as static files and
// drawn through a CSS mask (client/components/item-art.tsx), they cost a screen only the drawings it shows,
// where a bundle of all 103 as React components cost every game screen 78 KB of gzipped JavaScript
// (bench/README.md). Rerun after changing the map; test/e2e/item-icons.spec.ts fails while the files differ.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as gameIcons from 'react-icons/gi';
import { ITEM_ICONS } from '../game/item-icons.ts';

export const ITEM_ART_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'item-art');

/** The standalone SVG file of one react-icons/gi drawing: its viewBox and shapes, nothing else. */
export function itemArtSvg(iconName) {
  const icon = gameIcons[iconName];
  if (typeof icon !== 'function') throw new Error(`react-icons/gi has no ${iconName}`);
  const markup = renderToStaticMarkup(createElement(icon));
  const match = /^<svg[^>]*viewBox="([^"]+)"[^>]*>(.*)<\/svg>$/s.exec(markup);
  if (!match) throw new Error(`unexpected markup for ${iconName}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${match[1]}">${match[2]}</svg>\n`;
}

/** Every file the map calls for: name → content. */
export function itemArtFiles() {
  return new Map(Object.entries(ITEM_ICONS).map(([catalogId, [iconName]]) => [`${catalogId}.svg`, itemArtSvg(iconName)]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = itemArtFiles();
  mkdirSync(ITEM_ART_DIR, { recursive: true });
  for (const stale of readdirSync(ITEM_ART_DIR).filter((name) => !files.has(name))) rmSync(join(ITEM_ART_DIR, stale));
  for (const [name, content] of files) writeFileSync(join(ITEM_ART_DIR, name), content);
  console.info(`wrote ${files.size} drawings to ${ITEM_ART_DIR}`);
}
