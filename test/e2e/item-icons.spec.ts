/**
 * Every catalogue item has its drawing and every drawing belongs to an item (issue "Look and feel"), and the
 * served files (public/item-art, written by `npm run item-art`) are exactly what the map names. Runs in Node,
 * no browser: the catalogue ids are plain strings, so the compiler cannot check this for us.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { CATALOGUE } from '../../game/rules';

interface IconModule {
  ITEM_ICONS: Record<string, readonly [icon: string, artist: string]>;
  ICON_ARTISTS: readonly string[];
}
interface ArtScript {
  ITEM_ART_DIR: string;
  itemArtFiles: () => Map<string, string>;
}
// Imported by computed paths: the client's modules belong to the client's TypeScript project, and the script
// is plain JavaScript, not part of the tooling project that checks this file.
const iconModule = '../../game/item-icons';
const artScript = '../../scripts/item-art.mjs';
const loadIcons = () => import(iconModule) as Promise<IconModule>;

test('every catalogue item has a drawing, and every drawing an item and a credited artist', async () => {
  const { ITEM_ICONS, ICON_ARTISTS } = await loadIcons();
  expect(Object.keys(ITEM_ICONS).sort()).toEqual(CATALOGUE.map((item) => item.id).sort());
  for (const [id, [, artist]] of Object.entries(ITEM_ICONS)) expect(ICON_ARTISTS, id).toContain(artist);
});

test('no two items share a drawing', async () => {
  const { ITEM_ICONS } = await loadIcons();
  const icons = Object.values(ITEM_ICONS).map(([icon]) => icon);
  expect(new Set(icons).size).toBe(icons.length);
});

test('public/item-art holds exactly the drawings the map names (run `npm run item-art` after changing it)', async () => {
  const { ITEM_ART_DIR, itemArtFiles } = (await import(artScript)) as ArtScript;
  const expected = itemArtFiles();
  expect(readdirSync(ITEM_ART_DIR).sort()).toEqual([...expected.keys()].sort());
  for (const [name, content] of expected) {
    expect(content, name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[\d .]+"><path d="/);
    expect(readFileSync(join(ITEM_ART_DIR, name), 'utf8'), name).toBe(content);
  }
});
