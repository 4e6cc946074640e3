import { DifficultyBadge } from '../../components/DifficultyBadge';
import type { CourseModule, ModuleProgress } from '../../lib/course-api';

interface ModuleCardProps {
  module: CourseModule;
  locked: boolean;
  completed: boolean;
  /** The learner's progress in this module (shown once the course is unlocked). */
  progress: ModuleProgress | undefined;
  /** Labs solved of the module's labs, once known; null for a module without labs. */
  labs: { solved: number; total: number } | null;
  onOpen(): void;
}

/** One module in the dashboard grid (spec §2). */
export function ModuleCard({ module, locked, completed, progress, labs, onOpen }: ModuleCardProps) {
  const label = locked ? 'Subscribe to Access' : completed ? 'Review' : 'Start Learning';
  const done = progress?.completed_lessons.length ?? 0;
  const checks = progress?.checks;
  return (
    <article
      aria-labelledby={`module-${module.id}`}
      className="flex flex-col rounded-2xl border border-slate-800 bg-slate-900/70 p-5 transition hover:border-slate-600"
    >
      <div className="flex items-start justify-between gap-3">
        <span aria-hidden="true" className="text-4xl leading-none">
          {module.icon}
        </span>
        <div className="flex items-center gap-2">
          {completed && (
            <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
              ✓ Completed
            </span>
          )}
          {locked && (
            <span role="img" aria-label="Locked" title="Subscribe to unlock" className="text-lg">
              🔒
            </span>
          )}
        </div>
      </div>
      <h3 id={`module-${module.id}`} className="mt-4 text-lg font-bold text-white">
        {module.title}
      </h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-300">{module.description}</p>
      <div className="mt-4 flex items-center justify-between text-sm text-slate-400">
        <span>{module.lesson_count} lessons</span>
        <DifficultyBadge difficulty={module.difficulty} />
      </div>
      {!locked && progress && (
        <div className="mt-3 text-xs text-slate-400" data-testid="card-progress">
          <div className="flex justify-between">
            <span>
              {done}/{module.lesson_count} lessons
            </span>
            {checks && checks.total > 0 && (
              <span>
                {checks.answered === 0
                  ? 'Checks: not attempted'
                  : `Checks: ${checks.first_time_right}/${checks.total} right first time`}
              </span>
            )}
          </div>
          {labs && labs.total > 0 && (
            <p className="mt-1" data-testid="card-labs">
              Labs: {labs.solved}/{labs.total}
            </p>
          )}
          <div
            role="progressbar"
            aria-label={`${module.title} progress`}
            aria-valuemin={0}
            aria-valuemax={module.lesson_count}
            aria-valuenow={done}
            className="mt-1 h-1 overflow-hidden rounded-full bg-slate-800"
          >
            <div
              className="h-full rounded-full bg-emerald-500"
              style={{ width: `${module.lesson_count ? (100 * done) / module.lesson_count : 0}%` }}
            />
          </div>
        </div>
      )}
      <button
        type="button"
        onClick={onOpen}
        // Seven cards, seven buttons: the name says which module each one opens.
        aria-label={`${label}: ${module.title}`}
        className={`mt-5 min-h-11 w-full rounded-xl px-4 py-2.5 text-sm font-semibold transition ${
          locked
            ? 'bg-amber-400 text-slate-950 hover:bg-amber-300'
            : completed
              ? 'border border-emerald-500/60 text-emerald-300 hover:bg-emerald-500/10'
              : 'bg-emerald-500 text-slate-950 hover:bg-emerald-400'
        }`}
      >
        {label}
      </button>
    </article>
  );
}
