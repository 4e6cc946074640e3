import type { CourseModule } from '../lib/course-api';

// Spec §9: Beginner green, Intermediate amber, Advanced red.
const STYLES: Record<CourseModule['difficulty'], string> = {
  Beginner: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  Intermediate: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  Advanced: 'bg-red-500/15 text-red-300 ring-red-500/40',
};

export function DifficultyBadge({ difficulty }: { difficulty: CourseModule['difficulty'] }) {
  return (
    <span
      data-difficulty={difficulty}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[difficulty]}`}
    >
      {difficulty}
    </span>
  );
}
