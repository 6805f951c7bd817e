/**
 * The account cards, forms, their fields and buttons of the screens (docs/spec.md section 8 for the outcome lines).
 * Apart from ./ui.tsx, which the shell and the landing page load: only screens show these, and they load with them.
 */
import { createContext, use, useId, type ButtonHTMLAttributes, type FormHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ScreenHeading } from './ui';

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
