/**
 * docs/spec.md section 2 "Profile header card": username, level, Attack, Defense, Rank, Energy, Gold and Cash. The
 * level shows the XP still needed for the next one (docs/design.md section 7.4). Energy is a bar as well as a
 * number. Below the maximum, energy carries a live countdown in seconds to the next point (from the server's
 * secondsToNextEnergy); at the maximum it reads '(max)'. When the countdown ends, `onCountdownEnd` asks for a
 * fresh profile, whose answer restarts it (docs/spec.md section 4 "Energy").
 *
 * Issue 17: beside the spec's countdown it says when energy will be full (the toasts when a wait ends come from
 * the shell, components/wait-notices.tsx, on every screen). `compact` (the scavenge screen)
 * keeps only energy and gold on phones, so the loot fits on one screen (the phone top bar has the other stats),
 * and leaves the name row to screen readers everywhere, so four finds show at 1280×800 (issue #51).
 */
import { useEffect, type ReactNode } from 'react';
import { ENERGY_CYCLE_SECONDS, MAX_ENERGY } from '../../game/constants';
import { energyFullAt } from '../../game/rules/energy';
import { levelBrings, xpForLevel, type LevelBrings } from '../../game/rules/level';
import type { Profile } from '../../game/wire';
import { timeLeft } from './time-left';
import { ScreenHeading } from './ui';
import { useNow } from './use-now';

/** While a refresh at the end of a countdown fails, ask again this often. */
const RETRY_MS = 10_000;

interface ProfileHeaderProps {
  profile: Profile;
  /** Local time the profile arrived (lib/player.ts). */
  receivedAt: number;
  /** Must be stable (useCallback): it is an effect dependency. */
  onCountdownEnd: () => void;
  /**
   * The screen the header heads ('Profile'): the player's name is then that screen's h1, under the screen's
   * name. Without it the name is not a heading, and the screen has its own h1 (docs/accessibility.md).
   */
  screen?: string;
  /** On phones, energy and gold only. */
  compact?: boolean;
  /** Opens what cash buys and where it comes from (docs/design.md section 8.2); without it, cash is a number. */
  onCash?: () => void;
  children?: ReactNode;
}

export function ProfileHeader({ profile, receivedAt, onCountdownEnd, screen, compact = false, onCash, children }: ProfileHeaderProps) {
  const now = useNow(500);
  const atMax = profile.secondsToNextEnergy === null || profile.energy >= MAX_ENERGY;
  const remaining = atMax ? null : Math.max(0, (profile.secondsToNextEnergy ?? 0) - Math.floor((now - receivedAt) / 1000));
  const expired = remaining === 0;
  const fullAt = energyFullAt(profile.energy, profile.secondsToNextEnergy, receivedAt);
  /** Only on phones, and only when compact: hidden there, shown from the `sm` width on. */
  const wide = compact ? 'max-sm:hidden' : '';

  useEffect(() => {
    if (!expired) return;
    onCountdownEnd();
    const retry = window.setInterval(onCountdownEnd, RETRY_MS);
    return () => window.clearInterval(retry);
  }, [expired, receivedAt, onCountdownEnd]);

  return (
    <section
      aria-label="Player"
      data-testid="profile-header"
      className="surface-dark overflow-hidden rounded-2xl bg-linear-to-br from-slate-900 via-slate-800 to-amber-900 text-white shadow-lg ring-1 ring-amber-500/30"
    >
      {/* Compact (the scavenge screen): the name row is for screen readers only, so four finds show at 1280×800. */}
      <div className={`flex items-center gap-4 px-5 pt-5 ${compact ? 'sr-only' : ''}`}>
        <div aria-hidden="true" className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-amber-500 text-2xl font-black text-slate-950 shadow-inner">
          {profile.username.slice(0, 1).toUpperCase()}
        </div>
        <div className="min-w-0 flex-1">
          {screen ? (
            <ScreenHeading title={screen} className="truncate text-2xl font-black tracking-tight">
              <span className="block text-xs font-semibold uppercase tracking-wider text-amber-200">{screen}</span>
              {profile.username}
            </ScreenHeading>
          ) : (
            <p className="truncate text-2xl font-black tracking-tight">{profile.username}</p>
          )}
          <p className="text-sm text-amber-100">
            <span data-testid="stat-level">Level {profile.level}</span> scavenger
          </p>
          <XpBar xp={profile.xp} level={profile.level} />
        </div>
      </div>
      <dl className={`grid grid-cols-5 gap-px bg-white/10 ${compact ? 'max-sm:grid-cols-[1fr_auto]' : 'mt-4'}`}>
        <div className={`col-span-full flex flex-wrap items-center gap-x-3 bg-slate-900/60 px-4 py-2 ${compact ? 'max-sm:col-span-1' : ''}`}>
          <dt className="text-[0.7rem] font-semibold uppercase tracking-wider text-slate-300">Energy</dt>
          <dd className="flex min-w-0 flex-1 items-center gap-3">
            <EnergyBar energy={profile.energy} nextPoint={remaining === null ? 0 : 1 - remaining / ENERGY_CYCLE_SECONDS} />
            <span className="whitespace-nowrap text-lg font-bold tabular-nums text-emerald-300">
              <span data-testid="stat-energy">{profile.energy}</span>
              <span className="text-sm text-slate-300">/{MAX_ENERGY}</span>
              <span data-testid="energy-timer" className="ml-2 inline-block w-12 text-xs font-medium text-emerald-100" aria-live="off">
                {remaining === null ? '(max)' : `(${remaining}s)`}
              </span>
            </span>
          </dd>
          {fullAt !== null && (
            <dd className="w-full text-xs font-medium text-emerald-100" data-testid="energy-full">
              Full in {timeLeft(Math.max(0, fullAt - now))}
            </dd>
          )}
        </div>
        <Stat label="Attack" testId="stat-attack" accent="text-rose-300" className={wide}>
          {profile.totalAttack}
        </Stat>
        <Stat label="Defense" testId="stat-defense" accent="text-sky-300" className={wide}>
          {profile.totalDefense}
        </Stat>
        <Stat label="Rank" testId="stat-rank" accent="text-violet-300" className={wide}>
          {profile.ranking}
        </Stat>
        <Stat label="Gold" testId="stat-gold" accent="text-amber-300" className={compact ? 'max-sm:px-4' : ''}>
          {profile.gold}
        </Stat>
        <Stat label="Cash" testId="stat-cash" accent="text-lime-300" className={wide} onOpen={onCash} openLabel="What cash buys">
          {profile.cash}
        </Stat>
      </dl>
      {children && <div className="flex flex-wrap gap-2 bg-slate-950/40 px-4 py-3">{children}</div>}
    </section>
  );
}

/**
 * Energy as a bar of MAX_ENERGY segments; the segment being regenerated fills with the countdown, so the wait
 * for the next point shows as well as the number.
 */
function EnergyBar({ energy, nextPoint }: { energy: number; nextPoint: number }) {
  const segment = 100 / MAX_ENERGY;
  return (
    <span aria-hidden="true" className="relative block h-2.5 flex-1 overflow-hidden rounded-full bg-white/10">
      <span className="bar-fill absolute inset-y-0 left-0 rounded-none bg-linear-to-r from-emerald-500 to-emerald-300" style={{ width: `${energy * segment}%` }} />
      <span className="absolute inset-y-0 bg-emerald-400/40" style={{ left: `${energy * segment}%`, width: `${nextPoint * segment}%` }} />
      <span
        className="absolute inset-0"
        style={{ backgroundImage: `repeating-linear-gradient(to right, transparent 0 calc(${segment}% - 2px), rgb(15 23 42 / 0.7) calc(${segment}% - 2px) ${segment}%)` }}
      />
    </span>
  );
}

/** Progress through the current level: XP earned in it out of what the next level asks. */
function XpBar({ xp, level }: { xp: number; level: number }) {
  const start = xpForLevel(level);
  const span = xpForLevel(level + 1) - start;
  const earned = Math.min(span, Math.max(0, xp - start));
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-300">
      <span aria-hidden="true" className="block h-1.5 w-24 overflow-hidden rounded-full bg-white/10">
        <span className="bar-fill bg-amber-400" style={{ width: `${(earned / span) * 100}%` }} />
      </span>
      <span className="tabular-nums" data-testid="stat-xp">
        {earned}/{span} XP to level {level + 1}
      </span>
      <span className="sr-only">.</span>
      <span data-testid="next-level-brings">{whatLevelBrings(levelBrings(level + 1))}</span>
    </p>
  );
}

/** "Level means something" (docs/design.md section 8.1): what the next level changes, said beside its XP. */
function whatLevelBrings({ level, protectedGold, newsworthy, opens }: LevelBrings): string {
  const zones = opens.length > 0 ? `, opens the ${opens.join(' and the ')} to scavenge` : '';
  return `Level ${level} keeps ${protectedGold} gold safe from fights${zones}${newsworthy ? ' and makes the news' : ''}.`;
}

interface StatProps {
  label: string;
  testId: string;
  accent: string;
  className?: string;
  /** Makes the value a button opening a dialog about it, named `openLabel`. */
  onOpen?: () => void;
  openLabel?: string;
  children: ReactNode;
}

function Stat({ label, testId, accent, className = '', onOpen, openLabel, children }: StatProps) {
  const value = <span data-testid={testId}>{children}</span>;
  return (
    <div className={`min-w-0 bg-slate-900/60 px-1 py-2 text-center ${className}`}>
      <dt className="truncate text-[0.65rem] font-semibold uppercase tracking-wider text-slate-300 sm:text-[0.7rem]">{label}</dt>
      <dd className={`text-lg font-bold tabular-nums ${accent}`}>
        {onOpen ? (
          <button type="button" className="min-h-11 min-w-11 rounded underline decoration-dotted underline-offset-4" onClick={onOpen} aria-haspopup="dialog">
            {value}
            <span className="sr-only">: {openLabel}</span>
          </button>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
