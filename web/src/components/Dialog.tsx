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
}

/**
 * A modal on the native <dialog> element: the browser moves focus to its first control,
 * keeps focus inside it, makes the page behind inert,
 * and announces it to screen readers. Escape and the close buttons both go through
 * `onClose`; focus returns to whatever opened it.
 */
export function Dialog({ label, onClose, children, className = '', hidden = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    // The control that opened the dialog gets focus back when it goes: the dialog leaves
    // the page as it closes, so the browser's own restore has nothing to return from.
    // Runs before the effect below opens it, while focus is still on the opener.
    const opener = document.activeElement;
    return () => {
      dialog?.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (hidden && dialog.open) dialog.close();
    if (!hidden && !dialog.open) dialog.showModal();
  }, [hidden]);

  return (
    <dialog
      ref={ref}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[100dvh] w-full max-w-none bg-transparent p-0 text-slate-100 backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm ${className}`}
    >
      {children}
    </dialog>
  );
}
