import { Link } from 'react-router';
import type { CourseModule, ModuleProgress } from '../../lib/course-api';
import type { Lab } from '../../lib/labs-api';
import { lessonPath, progressPercent } from './lesson-navigation';

interface CourseSidebarProps {
  module: CourseModule;
  progress: ModuleProgress | null;
  /** The module's labs: lessons with one are marked, "Solved" once it is. */
  labs: readonly Lab[];
  current: number;
  /** Where it sits: beside the lesson on a wide screen, or in the phone's lessons drawer. */
  className: string;
  onBack(): void;
  /** Called when a lesson link is followed (the drawer closes). */
  onSelect?(): void;
}

/** Back button, module title and description, progress bar, and the lesson list (spec §2). */
export function CourseSidebar({ module, progress, labs, current, className, onBack, onSelect }: CourseSidebarProps) {
  const percent = progressPercent(module, progress);
  const done = new Set(progress?.completed_lessons ?? []);
  return (
    <aside aria-label="Course outline" className={`bg-slate-900/80 print:hidden ${className}`}>
      <div className="p-5">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-emerald-300 hover:bg-slate-800"
        >
          ← Back to Dashboard
        </button>
        {/* Not a heading: the lesson's h1 is the page's first heading (the outline comes
            first in the page's order only because it sits on the left). */}
        <p className="mt-3 text-lg font-bold text-white" data-testid="outline-title">
          <span aria-hidden="true">{module.icon} </span>
          {module.title}
        </p>
        <p className="mt-1 text-sm text-slate-400">{module.description}</p>
        <div className="mt-4">
          <div className="flex justify-between text-xs text-slate-400">
            <span>Progress</span>
            <span data-testid="course-progress">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Module progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-800"
          >
            <div className="h-full rounded-full bg-emerald-500 transition-all" style={{ width: `${percent}%` }} />
          </div>
          {progress && progress.checks.total > 0 && (
            <p className="mt-3 text-xs text-slate-400" data-testid="module-checks">
              {progress.checks.answered === 0
                ? 'Knowledge checks: not attempted'
                : `Knowledge checks: ${progress.checks.answered} of ${progress.checks.total} answered, ${progress.checks.first_time_right} right at the first attempt`}
            </p>
          )}
          {labs.length > 0 && (
            <p className="mt-1 text-xs text-slate-400" data-testid="module-labs">
              Labs: {labs.filter((lab) => lab.solved).length}/{labs.length} solved
            </p>
          )}
        </div>
      </div>
      <nav aria-label="Lessons">
        <ol className="space-y-0.5 px-3 pb-6">
          {module.lessons.map((lesson) => {
            const active = lesson.number === current;
            const complete = done.has(lesson.number);
            const lessonLabs = labs.filter((lab) => lab.lesson_number === lesson.number);
            const labsSolved = lessonLabs.length > 0 && lessonLabs.every((lab) => lab.solved);
            return (
              <li key={lesson.number}>
                <Link
                  to={lessonPath(module.id, lesson.number)}
                  onClick={onSelect}
                  aria-current={active ? 'page' : undefined}
                  className={`flex min-h-11 w-full items-start gap-3 rounded-lg px-3 py-2 text-left text-sm transition ${
                    active
                      ? 'bg-emerald-500/15 text-white ring-1 ring-emerald-500/50'
                      : 'text-slate-300 hover:bg-slate-800'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                      complete ? 'bg-emerald-500 text-slate-950' : 'bg-slate-800 text-slate-400'
                    }`}
                  >
                    {lesson.number}
                  </span>
                  <span className="flex-1">
                    <span className="sr-only">Lesson {lesson.number}: </span>
                    {lesson.title}
                    {lessonLabs.length > 0 && (
                      <span
                        data-testid={`outline-lab-${lesson.number}`}
                        className={`ml-2 inline-block rounded-full px-1.5 text-[0.7rem] font-semibold ${
                          labsSolved ? 'bg-emerald-500/15 text-emerald-300' : 'bg-sky-500/15 text-sky-300'
                        }`}
                      >
                        {lessonLabs.length === 1
                          ? labsSolved
                            ? 'Lab: Solved'
                            : 'Lab'
                          : labsSolved
                            ? 'Labs: Solved'
                            : `Labs: ${lessonLabs.filter((lab) => lab.solved).length}/${lessonLabs.length}`}
                      </span>
                    )}
                  </span>
                  {complete && (
                    <span role="img" aria-label="completed" className="mt-0.5 text-emerald-400">
                      ✓
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
    </aside>
  );
}
