/** Small shared building blocks of every screen. */
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { SHELL_MSG } from '../../game/shell-messages';
import { PATHS } from '../paths';

/** "1 item", "2 items": a number with its noun. */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function Loading() {
  return (
    <p role="status" className="p-8 text-center text-slate-500 dark:text-slate-400">
      {SHELL_MSG.loading}
    </p>
  );
}

export function NotFound() {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{SHELL_MSG.notFoundTitle}</h1>
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
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
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

export function Field({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="mb-4 block">
      <span className="mb-1 block text-sm font-medium">{label}</span>
      <input className="input" {...input} />
    </label>
  );
}

export function Button({ className = 'btn-primary w-full', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button className={className} {...props} />;
}

/** A form's outcome line: red for errors, green for success (docs/spec.md section 8). */
export function Notice({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p role="status" className="mt-4 text-sm font-medium text-green-700 dark:text-green-400">
        {success}
      </p>
    );
  }
  return null;
}
