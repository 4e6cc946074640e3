import { Link } from 'react-router';

interface ReaderTopBarProps {
  moduleTitle: string;
  current: number;
  total: number;
  percent: number;
  lessonsOpen: boolean;
  onOpenLessons(): void;
  /** Display controls (theme, text size), placed at the bar's end. */
  settings?: React.ReactNode;
}

/**
 * Stays at the top while the learner scrolls: the way back, where they are in the module
 * and how far they have got. On a wide screen the outline beside the lesson already holds
 * the way back and the title, so the bar keeps only the position and the progress.
 */
export function ReaderTopBar({
  moduleTitle,
  current,
  total,
  percent,
  lessonsOpen,
  onOpenLessons,
  settings,
}: ReaderTopBarProps) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-900/95 backdrop-blur print:hidden">
      <div className="flex items-center gap-1 px-1 py-1 sm:gap-2 sm:px-3">
        <Link
          to="/dashboard"
          aria-label="Dashboard"
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-xl text-emerald-300 hover:bg-slate-800 lg:hidden"
        >
          <span aria-hidden="true">←</span>
        </Link>
        <div className="min-w-0 flex-1 px-1">
          <p className="truncate text-sm font-semibold text-white lg:hidden">{moduleTitle}</p>
          <p className="text-xs text-slate-300 lg:text-sm" data-testid="reader-position">
            Lesson {current} of {total} · {percent}% done
          </p>
        </div>
        <button
          type="button"
          aria-expanded={lessonsOpen}
          onClick={onOpenLessons}
          className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:bg-slate-800 lg:hidden"
        >
          Lessons
        </button>
        {settings}
      </div>
      <div aria-hidden="true" className="h-1 bg-slate-800">
        <div className="h-full bg-emerald-500 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </header>
  );
}
