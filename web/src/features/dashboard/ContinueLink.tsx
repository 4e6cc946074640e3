import { Link } from 'react-router';
import type { CourseModule, UserProgress } from '../../lib/course-api';
import { lessonPath, resumeLesson } from '../course-reader/lesson-navigation';

/**
 * "Continue: <module> · Lesson N": straight back to where the learner stopped, in the
 * unfinished module they worked on last. Nothing before they start, or once all is done.
 */
export function ContinueLink({ catalogue, progress }: { catalogue: CourseModule[]; progress: UserProgress }) {
  const module = catalogue.find((m) => m.id === progress.resume_module_id);
  if (!module) return null;
  const lesson = resumeLesson(module, progress.modules.find((m) => m.module_id === module.id) ?? null);
  return (
    <Link
      to={lessonPath(module.id, lesson)}
      className="mt-6 flex min-h-14 items-center justify-between gap-3 rounded-2xl border border-emerald-500/50 bg-emerald-500/10 px-5 py-3 font-semibold text-emerald-200 hover:bg-emerald-500/20"
    >
      <span>
        Continue: {module.title} · Lesson {lesson}
      </span>
      <span aria-hidden="true">→</span>
    </Link>
  );
}
