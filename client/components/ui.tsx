/** Small shared building blocks of every screen, loaded with the shell (forms and buttons: ./forms.tsx). */
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SHELL_MSG } from '../../game/shell-messages';
import { holdFirstScreen } from '../lib/first-screen';
import { PATHS } from '../paths';

export function Loading() {
  // The first screen is not shown while it says Loading (client/lib/first-screen.ts).
  useEffect(holdFirstScreen, []);
  return (
    <p role="status" className="p-8 text-center text-slate-600 dark:text-slate-300">
      {SHELL_MSG.loading}
    </p>
  );
}

const PRODUCT_TITLE = 'Scavenger';

/** The route change whose screen heading took the focus: each route change moves it once. */
let focusedRouteKey: string | null = null;

/** The page's h1 when it shows: a screen may hide it on phones, where the top bar names the screen. */
export const shownScreenHeading = () => {
  const heading = document.querySelector<HTMLElement>('main h1');
  return heading && heading.offsetWidth > 1 ? heading : null;
};

/**
 * Puts the focus on the screen's name, where a keyboard player goes on from: the h1, or the phone top bar's
 * title (`data-screen-title`) when the h1 is hidden there.
 */
export function focusScreenName() {
  (shownScreenHeading() ?? document.querySelector<HTMLElement>('[data-screen-title]') ?? document.querySelector<HTMLElement>('main h1'))?.focus();
}

/**
 * A screen's one h1, which names the screen, and the document title that goes with it ("Scavenge · Scavenger"),
 * so a screen reader says where a route change led. Every screen renders exactly one (lint forbids a bare h1).
 * After a route change the focus moves here (never on the first page, where the browser starts at the top, and
 * never from under an open dialog), so a keyboard player goes on from the new screen, not the link left behind.
 */
export function ScreenHeading({ title, id, className = '', children }: { title: string; id?: string; className?: string; children?: ReactNode }) {
  const { key } = useLocation();
  useEffect(() => {
    document.title = title === PRODUCT_TITLE ? title : `${title} · ${PRODUCT_TITLE}`;
  }, [title]);
  useEffect(() => {
    if (key !== 'default' && key !== focusedRouteKey && !document.querySelector('[aria-modal="true"]')) focusScreenName();
    focusedRouteKey = key;
    // Once per screen: later renders of the same screen keep the focus where the player put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    // eslint-disable-next-line no-restricted-syntax -- the one h1 of the app
    <h1 id={id} tabIndex={-1} className={`scroll-mt-4 focus:outline-none ${className}`}>
      {children ?? title}
    </h1>
  );
}

/**
 * "ATK", "DEF", "PWR", "Q": shown short, read in full ("Attack"), since screen readers spell abbreviations out.
 * The full word comes first in the text, so "Q7" is still the text's "Quality Q7".
 */
export function Abbr({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span className="sr-only">{full} </span>
      <span aria-hidden="true">{short}</span>
    </>
  );
}

export function NotFound() {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <ScreenHeading title={SHELL_MSG.notFoundTitle} className="text-3xl font-bold" />
      <p className="mt-4 text-slate-600 dark:text-slate-300">{SHELL_MSG.notFoundText}</p>
      <div className="mt-8 flex justify-center gap-4">
        <Link className="btn-primary" to={PATHS.home}>
          Go back home
        </Link>
        <Link className="btn-secondary" to={PATHS.login}>
          Login
        </Link>
      </div>
    </section>
  );
}
