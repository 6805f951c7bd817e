/**
 * What a client feature declares so the shell can show it without being edited (issue #38, docs/conventions.md
 * section 1.6, docs/decisions/021-client-by-feature.md). A feature's `manifest.ts` holds what any code may import:
 * its paths and its log kinds' colours (data only, composed in client/manifests.ts and client/paths.ts). Its
 * `feature.ts` adds what only the shell reads: its routes, its navigation entries and the slots it fills on other
 * features' screens; its `world.ts`, if it has one, the live world's events it applies to its own reads. Nothing
 * lists the features: the shell (client/app/) and client/manifests.ts collect every folder's files, so a new
 * feature is its folder.
 *
 * A registry is loaded with the landing page, so it holds data and `() => import(...)` thunks only: never a
 * screen, zod or the game's rules.
 */
import type { ComponentType } from 'react';
import type { WorldEvent } from '../../game/chat-protocol';
import type { ActivityKind } from '../../game/wire';

/** Who may open a screen (docs/spec.md section 2); client/app/guards.tsx says where everyone else goes. */
export type Guard = 'public' | 'signed-out' | 'no-username' | 'player' | 'admin';

/**
 * Where a link shows: `desktop` the desktop bar of a player with a username, `visitor` the desktop bar of
 * everyone else, `phone` the phone's bottom bar (before its More button), `more` the phone's More sheet,
 * `footer` the links at the end of every screen.
 */
export type NavPlace = 'desktop' | 'visitor' | 'phone' | 'more' | 'footer';

export interface NavEntry {
  label: string;
  path: string;
  places: readonly NavPlace[];
  /** Where the link stands among every feature's links, in each menu it shows in: lower first. */
  order: number;
  /** Active only on the path itself, not on the paths below it. */
  end?: boolean;
  /** Location state the link carries: the More sheet's Log opens the profile's Log from any screen. */
  state?: Readonly<Record<string, string>>;
  /** Shown to the admin only. */
  adminOnly?: boolean;
  /** The footer's wording, where it says more than the label. */
  footerLabel?: string;
}

/** A feature's data any code may import (its `manifest.ts`): no code of its own, so importing it costs nothing. */
export interface Manifest {
  /** The feature's route paths (docs/spec.md section 2), by name: client/paths.ts merges every feature's. */
  readonly paths?: Readonly<Record<string, string>>;
  /** The mark of each log kind the feature writes, shown by the profile's Log (docs/design.md section 3). */
  readonly logColours?: Readonly<Partial<Record<ActivityKind, string>>>;
}

/**
 * Every feature's manifest, by its folder's name and with its own type: each `manifest.ts` adds its entry by
 * declaration merging (`declare module '../../lib/feature'`), so client/paths.ts knows every path's name and a log
 * kind no feature colours is a type error, though no list names the features.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Manifests {}

/**
 * The slots of every screen that shows another feature's part, by name (`<host feature>.<part>`) and type. The
 * host declares its own in its `feature.ts` by declaration merging (`declare module '../../lib/feature'`), so a
 * filler in another feature is checked against the host's props without importing the host.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Slots {}
export type SlotName = keyof Slots;

/** What the shell itself hands a screen: sign-out also leaves the chat, so it belongs to the shell. */
export interface Shell {
  signOut: () => void;
}

/** The props the shell gives a route's screen: every filled slot (lazily loaded components) and itself. */
export interface ScreenProps<S extends SlotName = never> {
  slots: Pick<Slots, S>;
  shell: Shell;
}

/** A module loaded on demand, as client/lib/lazy.ts takes it. */
export type Load<C> = () => Promise<{ default: C }>;

export interface Route {
  path: string;
  guard: Guard;
  /** The screen, loaded when the route first shows (client/lib/lazy.ts). */
  load: Load<ComponentType<ScreenProps<SlotName>>>;
  /** The slots the screen shows: each must be filled by exactly one feature (test/client/features.test.ts). */
  slots?: readonly SlotName[];
}

/** One part a feature puts on another feature's screen: the slot it fills, and the part, loaded on demand. */
export interface Fill {
  slot: SlotName;
  load: Load<Slots[SlotName]>;
}

/** The reads a world frame's events made stale: each is read again once for the whole frame. */
export type StaleReads = Set<{ path: string }>;

/**
 * What a feature does with each kind of the live world's events it owns (docs/design.md section 9.11), exported
 * as `world` from its `world.ts`: changes its own cached reads at once, or adds them to `stale`.
 * client/lib/world.ts says how a frame reaches them.
 */
export type WorldHandlers = { [K in WorldEvent['kind']]?: (event: Extract<WorldEvent, { kind: K }>, stale: StaleReads) => void };

/** A feature's registry (its `feature.ts`): what the shell composes (its manifest is apart, client/manifests.ts). */
export interface Feature {
  routes?: readonly Route[];
  nav?: readonly NavEntry[];
  fills?: readonly Fill[];
}

/** A route, with its screen checked against the slots it names: a screen that shows a slot must name it. */
export const route = <S extends SlotName = never>(spec: {
  path: string;
  guard: Guard;
  // The slots are named by `slots` alone: a screen using one the route does not name is a type error.
  load: Load<ComponentType<ScreenProps<NoInfer<S>>>>;
  slots?: readonly S[];
}): Route => spec as Route;

/** A part for another feature's slot, checked against the type the host gave the slot. */
export const fill = <K extends SlotName>(slot: K, load: Load<Slots[K]>): Fill => ({ slot, load });

/** A module's named export, loaded as `lazy` loads a default one. */
export const named =
  <M, K extends keyof M>(load: () => Promise<M>, name: K): Load<M[K]> =>
  () =>
    load().then((module) => ({ default: module[name] }));
