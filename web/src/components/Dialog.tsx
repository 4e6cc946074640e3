import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  /** Accessible name of the dialog. */
  label: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
  /**
   * Steps out of the way while another layer must take input (Razorpay's checkout iframe
   * lives outside this dialog, and a modal dialog makes everything outside it inert).
   */
  hidden?: boolean;
  /**
   * False for a dialog that only its own controls may close (the test payment, like
   * Razorpay's checkout): Escape does nothing, and a close the browser forces anyway is
   * undone.
   */
  dismissible?: boolean;
  /**
   * Where focus goes when the dialog closes, when not to its opener: a button disabled
   * while the dialog was open (the browser moved focus off it) cannot take focus back.
   */
  returnFocus?: () => HTMLElement | null;
}

/**
 * A modal on the native <dialog> element: keeps focus inside it, makes the page behind
 * inert, and announces it to screen readers. Focus starts on the control marked
 * `data-autofocus` (else the browser's choice, the first control) and returns to
 * whatever opened the dialog when it goes. Escape goes through `onClose` unless the
 * dialog is not dismissible.
 */
export function Dialog({
  label,
  onClose,
  children,
  className = '',
  hidden = false,
  dismissible = true,
  returnFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Set while this component closes the dialog itself, to tell that apart from a close
  // the browser did on its own (Chromium closes on a second Escape even when cancelled).
  const closingOnPurpose = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    // The control that opened the dialog gets focus back when it goes: the dialog leaves
    // the page as it closes, so the browser's own restore has nothing to return from.
    // Runs before the effect below opens it, while focus is still on the opener.
    const opener = document.activeElement;
    return () => {
      closingOnPurpose.current = true;
      dialog?.close();
      const target = returnFocus?.() ?? opener;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
    // The opener and the return target are those of the moment the dialog opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (hidden && dialog.open) {
      closingOnPurpose.current = true;
      dialog.close();
      closingOnPurpose.current = false;
    }
    if (!hidden && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
  }, [hidden]);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      onKeyDown={(event) => {
        // Cancelling the key press stops the browser's close request before it starts: it
        // would otherwise close this dialog, and with it the layers it opened from.
        if (!dismissible && event.key === 'Escape') event.preventDefault();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={() => {
        if (closingOnPurpose.current || hidden) return;
        // Closed by the browser, not by us: a dismissible dialog follows (its owner's
        // state would otherwise say "open"); one that must stay, comes back.
        if (dismissible) onClose();
        else ref.current?.showModal();
      }}
      className={`m-auto max-h-[100dvh] w-full max-w-none bg-transparent p-0 text-slate-100 backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm ${className}`}
    >
      {children}
    </dialog>
  );
}
