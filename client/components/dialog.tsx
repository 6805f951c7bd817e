/**
 * Modal dialogs: role=dialog with aria-modal, Escape and a click outside close the topmost one, Tab stays
 * inside it, and focus goes back to where it was when it closes (or, when that control is gone, to the
 * screen's heading). Dialogs may stack (a refusal popup over an item's details); only the top one reacts to
 * keys, and everything behind it (the app and the dialogs below) is inert, out of reach of a screen reader.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusScreenName } from './ui';
import { Button } from './forms';

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** Open dialogs' backdrops, oldest first. */
const stack: HTMLElement[] = [];

/** Only the top dialog is live: the app and every dialog below it are inert. */
function makeAllButTopInert() {
  const top = stack[stack.length - 1];
  document.getElementById('root')?.toggleAttribute('inert', top !== undefined);
  for (const backdrop of stack) backdrop.inert = backdrop !== top;
}

interface DialogProps {
  /** alertdialog for a question that needs an answer before anything else (a confirmation that destroys). */
  role?: 'dialog' | 'alertdialog';
  /** Visible heading, also the dialog's accessible name unless `labelledBy` points elsewhere. */
  title?: ReactNode;
  /** id of the element naming the dialog, when it is not the title. */
  labelledBy?: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned on wide screens. */
  actions?: ReactNode;
  className?: string;
  testId?: string;
}

export function Dialog({ role = 'dialog', title, labelledBy, onClose, children, actions, className = 'max-w-md', testId }: DialogProps) {
  const titleId = useId();
  const backdrop = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const me = backdrop.current!;
    stack.push(me);
    makeAllButTopInert();
    const previous = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();

    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== me || !node) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (focusable.length === 0) {
          event.preventDefault();
          return;
        }
        const firstEl = focusable[0]!;
        const lastEl = focusable[focusable.length - 1]!;
        // On the panel itself (it took the focus back from a removed row) Tab goes in from either end.
        const outside = !node.contains(document.activeElement) || document.activeElement === node;
        if (event.shiftKey && (document.activeElement === firstEl || outside)) {
          event.preventDefault();
          lastEl.focus();
        } else if (!event.shiftKey && (document.activeElement === lastEl || outside)) {
          event.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    // A live list inside the dialog (who is online) may remove the row that has the focus: the dialog itself
    // takes it back, so the focus never falls to the inert page behind.
    const keepFocus = new MutationObserver(() => {
      if (stack[stack.length - 1] === me && (document.activeElement === null || document.activeElement === document.body)) node?.focus();
    });
    if (node) keepFocus.observe(node, { childList: true, subtree: true });
    return () => {
      keepFocus.disconnect();
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(me), 1);
      makeAllButTopInert();
      if (previous?.isConnected) previous.focus();
      // The opener may be gone with what the dialog did (an item added to the trophy case): unless the screen
      // already put the focus somewhere meaningful, the screen's heading takes it, never the page's body.
      else if (document.activeElement === null || document.activeElement === document.body) focusScreenName();
    };
  }, []);

  return createPortal(
    <div
      ref={backdrop}
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/70 p-3 backdrop-blur-sm sm:items-center sm:p-6"
      data-testid="dialog-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy ?? (title ? titleId : undefined)}
        tabIndex={-1}
        data-testid={testId}
        className={`dialog-in flex max-h-[90dvh] w-full flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700 ${className}`}
      >
        {title && (
          <h2 id={titleId} className="border-b border-slate-200 px-5 py-4 text-lg font-bold dark:border-slate-700">
            {title}
          </h2>
        )}
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {actions && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

/**
 * A dialog's Close button. `autoFocus` takes the first focus when the dialog opens (where nothing else in it
 * should); `className` is its look (a secondary button unless Close is the dialog's main answer).
 */
export function CloseButton({ onClose, autoFocus = false, className = 'btn-secondary min-w-24' }: { onClose: () => void; autoFocus?: boolean; className?: string }) {
  return (
    <button type="button" className={className} onClick={onClose} data-autofocus={autoFocus || undefined}>
      Close
    </button>
  );
}

/** A dialog named by its one line of text, with buttons below it (a popup's message, a question). */
function TextDialog({
  text,
  role,
  dialogRole,
  testId,
  onClose,
  actions,
  children,
}: {
  text: string;
  role?: 'alert';
  dialogRole?: 'alertdialog';
  testId: string;
  onClose: () => void;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const textId = useId();
  return (
    <Dialog role={dialogRole} labelledBy={textId} onClose={onClose} testId={testId} actions={actions}>
      <p id={textId} role={role} className="py-2 text-base font-medium">
        {text}
      </p>
      {children}
    </Dialog>
  );
}

/** A validation popup (docs/spec.md section 8): the server's message and a Close button. */
export function MessageDialog({ message, onClose }: { message: string; onClose: () => void }) {
  return <TextDialog text={message} role="alert" testId="message-dialog" onClose={onClose} actions={<CloseButton onClose={onClose} autoFocus className="btn-primary min-w-24" />} />;
}

/**
 * A yes/no question; the confirming button names the action. An alertdialog: it interrupts, and the focus
 * starts on Cancel, so a stray Enter never destroys anything.
 */
export function ConfirmDialog({
  question,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  children,
}: {
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** What the action will do, below the question (e.g. the items a craft destroys). */
  children?: ReactNode;
}) {
  return (
    <TextDialog
      text={question}
      dialogRole="alertdialog"
      testId="confirm-dialog"
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn-secondary min-w-24" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </button>
          <Button className="btn-danger min-w-24" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </TextDialog>
  );
}
