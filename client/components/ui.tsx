/** Small shared building blocks of every screen. */
import { createContext, use, useEffect, useId, type ButtonHTMLAttributes, type FormHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
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

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-3 mt-8 max-w-sm rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:mx-auto dark:bg-slate-900 dark:ring-slate-800">
      <ScreenHeading title={title} className="mb-6 text-2xl font-bold" />
      {children}
    </section>
  );
}

/** A line under a card's form with the way on ("Create an account", "Back to login"); `lead` is text before the link. */
export function CardLink({ to, lead, className = 'mt-6', children }: { to: string; lead?: string; className?: string; children: ReactNode }) {
  return (
    <p className={`${className} text-sm`}>
      {lead && `${lead} `}
      <Link className="link link-target" to={to}>
        {children}
      </Link>
    </p>
  );
}

/** What went wrong with a form: the message, and the field it is about (every field when none is named). */
export interface FormProblem {
  message: string;
  field?: string;
}

/** The problem a form shows, for its fields: which are invalid and the id of the line that says why. */
const FormProblemContext = createContext<{ problem: FormProblem; noticeId: string } | null>(null);

/**
 * A form whose outcome line (Notice) ends it and whose fields are tied to its error: the field the error is
 * about (or every field) is aria-invalid and described by the error, so a screen reader reads it with the field.
 */
export function Form({ problem, success, children, ...form }: Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate'> & { problem: FormProblem | null; success?: string | null }) {
  const noticeId = useId();
  return (
    <form noValidate {...form}>
      <FormProblemContext value={problem ? { problem, noticeId } : null}>{children}</FormProblemContext>
      <Notice id={noticeId} error={problem?.message} success={success} />
    </form>
  );
}

/** The field a schema's first issue is about, with its message: a form's problem from client-side validation. */
export const problemOf = (issues: readonly { message: string; path: readonly PropertyKey[] }[], fallback: string): FormProblem => {
  const issue = issues[0];
  return issue ? { message: issue.message, field: typeof issue.path[0] === 'string' ? issue.path[0] : undefined } : { message: fallback };
};

/** A form's field; its own `aria-describedby` (rules shown before it) is kept, after the error when there is one. */
export function Field({ label, className = 'input', 'aria-describedby': describedBy, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const shown = use(FormProblemContext);
  const invalid = shown !== null && (shown.problem.field === undefined || shown.problem.field === input.name);
  const description = [invalid ? shown.noticeId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <label className="mb-4 block">
      <span className="mb-1 block text-sm font-medium">{label}</span>
      <input className={className} aria-invalid={invalid || undefined} aria-describedby={description} {...input} />
    </label>
  );
}

/**
 * A button that cannot act while `disabled` (an intent under way) but keeps the keyboard's focus: aria-disabled,
 * not disabled, which would drop the focus to the page. A press while disabled does nothing, not even submit.
 * Lint forbids `disabled` on a bare button, so every button of the game behaves so.
 */
export function Button({ className = 'btn-primary w-full', disabled, onClick, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={`${className} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
      aria-disabled={disabled || props['aria-disabled'] || undefined}
      onClick={(event) => {
        if (disabled) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}

/** A form's outcome line: red for errors, green for success (docs/spec.md section 8). */
export function Notice({ id, error, success }: { id?: string; error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p id={id} role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p id={id} role="status" className="mt-4 text-sm font-medium text-green-700 dark:text-green-400">
        {success}
      </p>
    );
  }
  return null;
}
