/**
 * Every catalogue item has its drawing and every drawing belongs to an item (issue "Look and feel"). Runs in
 * Node, no browser: the catalogue ids are plain strings, so the compiler cannot check this for us.
 */
import { test, expect } from '@playwright/test';
import { CATALOGUE } from '../../game/rules';

interface IconModule {
  ITEM_ICONS: Record<string, readonly [icon: unknown, artist: string]>;
  ICON_ARTISTS: readonly string[];
}
// Imported by a computed path: the client's modules belong to the client's TypeScript project, not to the
// tooling project that checks this file.
const iconModule = '../../client/components/item-icons';
const loadIcons = () => import(iconModule) as Promise<IconModule>;

test('every catalogue item has an icon, and every icon an item and a credited artist', async () => {
  const { ITEM_ICONS, ICON_ARTISTS } = await loadIcons();
  expect(Object.keys(ITEM_ICONS).sort()).toEqual(CATALOGUE.map((item) => item.id).sort());
  for (const [id, [icon, artist]] of Object.entries(ITEM_ICONS)) {
    expect(typeof icon, id).toBe('function');
    expect(ICON_ARTISTS, id).toContain(artist);
  }
});

test('no two items share a drawing', async () => {
  const { ITEM_ICONS } = await loadIcons();
  const icons = Object.values(ITEM_ICONS).map(([icon]) => icon);
  expect(new Set(icons).size).toBe(icons.length);
});
