import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  /** Accessible name of the dialog. */
  label: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog> element: the browser keeps focus inside it, makes the
 * page behind inert, and announces it to screen readers. Escape and the close buttons
 * both go through `onClose`.
 */
export function Dialog({ label, onClose, children, className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

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
