import type { Ref } from 'react';

interface ReaderBottomBarProps {
  isFirst: boolean;
  isLast: boolean;
  done: boolean;
  saving: boolean;
  /** Next or Complete Module; focus moves here once the lesson is marked complete. */
  forwardRef: Ref<HTMLButtonElement>;
  onPrevious(): void;
  onMarkComplete(): void;
  onForward(): void;
}

const SIDE_BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-2 text-sm font-semibold disabled:cursor-not-allowed sm:px-4';

/**
 * Previous, Mark Complete (or its "Completed ✓" state) and Next, kept at the bottom of
 * the screen so they are a thumb away however long the lesson is.
 */
export function ReaderBottomBar({
  isFirst,
  isLast,
  done,
  saving,
  forwardRef,
  onPrevious,
  onMarkComplete,
  onForward,
}: ReaderBottomBarProps) {
  return (
    <nav
      aria-label="Lesson navigation"
      className="sticky bottom-0 z-20 border-t border-slate-800 bg-slate-900/95 backdrop-blur print:hidden"
    >
      <div className="mx-auto grid max-w-3xl grid-cols-[auto_1fr_auto] items-center gap-2 px-3 py-2 sm:px-8">
        <button
          type="button"
          disabled={isFirst}
          onClick={onPrevious}
          className={`${SIDE_BUTTON} justify-self-start border border-slate-700 text-slate-100 hover:bg-slate-800 disabled:opacity-40`}
        >
          Previous
        </button>
        <div className="flex justify-center">
          {done ? (
            <span className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-300">
              Completed ✓
            </span>
          ) : (
            <button
              type="button"
              disabled={saving}
              onClick={onMarkComplete}
              className="inline-flex min-h-11 items-center rounded-lg border border-emerald-500/70 px-3 text-sm whitespace-nowrap font-semibold text-emerald-300 hover:bg-emerald-500/10 disabled:opacity-60 sm:px-4"
            >
              Mark Complete
            </button>
          )}
        </div>
        <button
          ref={forwardRef}
          type="button"
          disabled={saving}
          onClick={onForward}
          className={`${SIDE_BUTTON} justify-self-end bg-emerald-500 text-slate-950 hover:bg-emerald-400 disabled:opacity-60`}
        >
          {isLast ? 'Complete Module' : 'Next'}
        </button>
      </div>
    </nav>
  );
}
