/**
 * A button that says why it cannot succeed (issue 17): with a `reason` it looks and acts disabled and the reason
 * is written beside it as its accessible description. aria-disabled rather than disabled, so a keyboard player
 * can still reach it and hear why it waits (as the arena's Fight and the craft buttons do). The server still
 * decides and refuses with the spec's messages; where the spec has a popup for the button, pressing it while
 * blocked shows that popup (`whenBlocked`), so the spec's behaviour stays reachable as it is worded.
 *
 * Its own file, not ui.tsx: ui.tsx is in the landing route's bundle and only game screens need this.
 */
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Button } from './forms';

interface ReasonedButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Why the button cannot succeed now; null or empty when it can. */
  reason?: string | null;
  /** Classes of the wrapper holding the button and its reason. */
  wrapperClassName?: string;
  /** Classes of the reason's line. */
  reasonClassName?: string;
  /**
   * What a press does while the reason holds: the spec's refusal popup, where the spec has one for this button
   * (docs/deviations.md 21). Without it a press does nothing. The server refuses such an intent all the same.
   */
  whenBlocked?: () => void;
  children: ReactNode;
}

export function ReasonedButton({ reason, wrapperClassName = '', reasonClassName = '', className = 'btn-primary', disabled, whenBlocked, onClick, children, ...button }: ReasonedButtonProps) {
  const reasonId = useId();
  const blocked = Boolean(reason);
  return (
    <span className={`flex flex-col gap-1 ${wrapperClassName}`}>
      <Button
        {...button}
        className={className}
        disabled={disabled || (blocked && !whenBlocked)}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={
          blocked
            ? (event) => {
                // Blocked, a submit button submits nothing either: only the refusal shows.
                event.preventDefault();
                whenBlocked?.();
              }
            : onClick
        }
      >
        {children}
      </Button>
      {blocked && (
        <span id={reasonId} data-testid="disabled-reason" className={`text-xs font-medium text-slate-600 dark:text-slate-300 ${reasonClassName}`}>
          {reason}
        </span>
      )}
    </span>
  );
}
