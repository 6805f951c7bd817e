/**
 * The client's feature registries (client/lib/feature.ts): the shell maps over them (client/app/features.ts), so
 * a mistake in one (a path declared twice, a link to no screen, a slot nobody fills, a log kind with no colour)
 * would show only on some screen, for some player. Here it fails a test. The registries are plain data and
 * import thunks, so they load in Node; no screen is loaded.
 */
import { describe, expect, it } from 'vitest';
import { FEATURES, ROUTES } from '../../client/app/features';
import { NAVIGATION, screenTitle } from '../../client/app/navigation';
import WORLD_HANDLERS from '../../client/app/world';
import type { Manifest } from '../../client/lib/feature';
import { LOG_COLOURS, MANIFESTS } from '../../client/manifests';
import { PATHS } from '../../client/paths';
import type { WorldEvent } from '../../game/chat-protocol';
import { ActivityKinds } from '../../game/wire';

/** Every kind of world event (game/chat-protocol.ts): a kind left out here is a type error. */
const WORLD_EVENTS: Record<WorldEvent['kind'], true> = { 'listing-opened': true, 'listing-closed': true, 'board-moved': true, 'drive-progress': true, attacked: true };
const WORLD_EVENT_KINDS = Object.keys(WORLD_EVENTS);

/** The values that occur more than once. */
const repeated = <T>(values: readonly T[]) => values.filter((value, index) => values.indexOf(value) !== index);

/** Every feature folder, by a file of each (not loaded), and each manifest's source text. */
const folderOf = (file: string) => file.split('/').at(-2)!;
const FOLDERS = [...new Set(Object.keys(import.meta.glob('../../client/features/*/*')).map(folderOf))];
const MANIFEST_SOURCES = Object.entries(import.meta.glob<string>('../../client/features/*/manifest.ts', { query: '?raw', import: 'default', eager: true }));
const routePaths = ROUTES.map((route) => route.path);

describe('the client feature registries', () => {
  it('serve each path with one route, and exactly the paths client/paths.ts names', () => {
    expect(repeated(routePaths)).toEqual([]);
    expect([...routePaths].sort()).toEqual(Object.values(PATHS).sort());
  });

  it('declare each path name and each path in one manifest only', () => {
    const declared = MANIFESTS.flatMap((manifest: Manifest) => Object.entries(manifest.paths ?? {}));
    expect(repeated(declared.map(([name]) => name))).toEqual([]);
    expect(repeated(declared.map(([, path]) => path))).toEqual([]);
  });

  it('link only to routes, each link in a place of its own in the menus', () => {
    expect(NAVIGATION.filter((entry) => !routePaths.includes(entry.path))).toEqual([]);
    expect(repeated(NAVIGATION.map((entry) => entry.order))).toEqual([]);
    expect(NAVIGATION.filter((entry) => entry.places.length === 0 || !entry.label)).toEqual([]);
  });

  it('keep the menus in the order the spec shows them', () => {
    const labels = (place: string) => NAVIGATION.filter((entry) => entry.places.some((where) => where === place)).map((entry) => entry.label);
    expect(labels('desktop')).toEqual(['Home', 'Scavenge', 'Arena', 'Guilds', 'Leaderboard', 'Market', 'Shop', 'Chat', 'Notices']);
    expect(labels('phone')).toEqual(['Home', 'Scavenge', 'Arena', 'Guilds']);
    expect(labels('more')).toEqual(['Leaderboard', 'Market', 'Shop', 'Log', 'Notices', 'Odds', 'Fairness', 'How it works', 'About', 'Admin']);
    expect(labels('footer')).toEqual(['Odds', 'Fairness', 'How it works', 'About']);
    expect(labels('visitor')).toEqual(['Home', 'Login', 'Sign Up']);
    expect(screenTitle('/guilds/g1')).toBe('Guilds');
    expect(screenTitle('/admin')).not.toBe('Admin');
    expect(screenTitle('/admin', true)).toBe('Admin');
  });

  it('fill every slot a screen shows exactly once, and no slot that no screen shows', () => {
    const shown = ROUTES.flatMap((route) => route.slots ?? []);
    const filled = FEATURES.flatMap((feature) => feature.fills ?? []).map((fill) => fill.slot);
    expect(repeated(shown)).toEqual([]);
    expect(repeated(filled)).toEqual([]);
    expect([...filled].sort()).toEqual([...shown].sort());
  });

  it('colour every log kind, each in one manifest', () => {
    const coloured = MANIFESTS.flatMap((manifest: Manifest) => Object.keys(manifest.logColours ?? {}));
    expect(repeated(coloured)).toEqual([]);
    expect([...coloured].sort()).toEqual([...ActivityKinds].sort());
    expect(ActivityKinds.filter((kind) => !/^bg-[a-z]+-\d{3}$/.test(LOG_COLOURS[kind]))).toEqual([]);
  });

  it('are collected from every feature folder, no list needed, each manifest giving its own types', () => {
    // A folder without a registry would be left out of the shell without a word; a manifest without its
    // `Manifests` entry would leave its paths untyped in client/paths.ts.
    const registries = Object.keys(import.meta.glob('../../client/features/*/feature.ts')).map(folderOf);
    expect(FOLDERS.filter((folder) => !registries.includes(folder))).toEqual([]);
    expect(FEATURES).toHaveLength(FOLDERS.length);
    expect(MANIFESTS).toHaveLength(MANIFEST_SOURCES.length);
    const typed = ([file, source]: [string, string]) => new RegExp(`interface Manifests \\{\\s*'?${folderOf(file)}'?: typeof manifest;`).test(source);
    expect(MANIFEST_SOURCES.filter((entry) => !typed(entry)).map(([file]) => file)).toEqual([]);
  });

  it("apply each kind of the live world's events in exactly one feature, the one that owns its reads", () => {
    const handled = WORLD_HANDLERS.flatMap((handlers) => Object.keys(handlers));
    expect(WORLD_HANDLERS).toHaveLength(Object.keys(import.meta.glob('../../client/features/*/world.ts')).length);
    expect(repeated(handled)).toEqual([]);
    expect([...handled].sort()).toEqual(WORLD_EVENT_KINDS.toSorted());
  });
});
