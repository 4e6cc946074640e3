import { MESSAGES } from '@ehc/common';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CertificateDialog } from '../../components/CertificateDialog';
import { ErrorPanel } from '../../components/ErrorPanel';
import {
  fetchLesson,
  fetchModuleIntro,
  markLessonComplete,
  type CourseModule,
  type ModuleProgress,
  type QuestionAttempt,
} from '../../lib/course-api';
import { useAsync } from '../../lib/use-async';
import { CourseSidebar } from './CourseSidebar';
import { KnowledgeCheck } from './KnowledgeCheck';
import { missingLessons, resumeLesson } from './lesson-navigation';
import './lesson-content.css';

interface CourseReaderProps {
  module: CourseModule;
  initialProgress: ModuleProgress | null;
  /** Titles of the learner's other completed modules, for the certificate screen. */
  otherCompletedModules: string[];
}

/** The course screen of spec §2 for a subscriber. */
export function CourseReader({ module, initialProgress, otherCompletedModules }: CourseReaderProps) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<ModuleProgress | null>(initialProgress);
  const [current, setCurrent] = useState(() => resumeLesson(module, initialProgress));
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [showCertificate, setShowCertificate] = useState(false);
  const [outlineOpen, setOutlineOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lesson = useAsync(() => fetchLesson(module.id, current), `${module.id}/${current}`);

  const total = module.lessons.length;
  const isLast = current === total;
  const done = new Set(progress?.completed_lessons ?? []);
  const summary = module.lessons[current - 1];
  const completedModules = progress?.completed ? [...otherCompletedModules, module.title] : otherCompletedModules;

  // Warm the cache so "Next" shows the following lesson at once.
  useEffect(() => {
    if (current < total) fetchLesson(module.id, current + 1).catch(() => {});
  }, [module.id, current, total]);

  function goTo(number: number) {
    setCurrent(number);
    setOutlineOpen(false);
    window.scrollTo({ top: 0, behavior: 'instant' });
    headingRef.current?.focus({ preventScroll: true });
  }

  /** A first answer moves the module's knowledge-check score in the sidebar at once. */
  function countFirstAnswer(attempt: QuestionAttempt) {
    setProgress((current) =>
      current
        ? {
            ...current,
            checks: {
              ...current.checks,
              answered: current.checks.answered + 1,
              first_time_right: current.checks.first_time_right + (attempt.first_correct ? 1 : 0),
            },
          }
        : current,
    );
  }

  /** Saves one lesson as done; on failure tells the learner and returns null. */
  async function save(number: number): Promise<ModuleProgress | null> {
    setSaving(true);
    try {
      const updated = await markLessonComplete(module.id, number);
      setProgress(updated);
      return updated;
    } catch {
      window.alert(MESSAGES.saveProgressFailed);
      return null;
    } finally {
      setSaving(false);
    }
  }

  async function next() {
    setNotice(null);
    if (!done.has(current) && !(await save(current))) return;
    goTo(current + 1);
  }

  async function completeModule() {
    setNotice(null);
    // Already complete on the server: nothing to save, just show the certificate.
    if (progress?.completed) {
      setShowCertificate(true);
      return;
    }
    const updated = await save(current);
    if (!updated) return;
    if (updated.completed) {
      setShowCertificate(true);
      return;
    }
    const missing = missingLessons(module, updated);
    setNotice(
      `To complete the module, finish ${missing.length === 1 ? 'lesson' : 'lessons'} ${missing.join(', ')} first.`,
    );
    goTo(missing[0]!);
  }

  return (
    <div className="min-h-dvh lg:flex">
      <div className="flex items-center justify-between border-b border-slate-800 bg-slate-900 px-4 py-3 lg:hidden">
        <span className="truncate font-semibold">{module.title}</span>
        <button
          type="button"
          aria-expanded={outlineOpen}
          onClick={() => setOutlineOpen((open) => !open)}
          className="rounded-lg border border-slate-700 px-3 py-1 text-sm"
        >
          {outlineOpen ? 'Hide lessons' : 'Lessons'}
        </button>
      </div>
      <CourseSidebar
        module={module}
        progress={progress}
        current={current}
        open={outlineOpen}
        onSelect={goTo}
        onBack={() => navigate('/dashboard')}
      />
      <main className="min-w-0 flex-1 px-4 py-8 sm:px-8">
        <article className="mx-auto max-w-3xl">
          {progress?.completed && (
            <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-4">
              <span className="font-bold text-emerald-300">🏆 Module Completed!</span>
              <button
                type="button"
                onClick={() => setShowCertificate(true)}
                className="rounded-lg bg-emerald-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-emerald-400"
              >
                Download Certificate
              </button>
            </div>
          )}
          <p className="text-sm font-medium text-emerald-400">
            Lesson {current} of {total}
          </p>
          <div className="mt-1 flex flex-wrap items-start justify-between gap-4">
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold text-white outline-none sm:text-3xl">
              {summary?.title}
            </h1>
            {!done.has(current) && (
              <button
                type="button"
                disabled={saving}
                onClick={() => void save(current)}
                className="shrink-0 rounded-lg border border-emerald-500/60 px-3 py-1.5 text-sm font-semibold text-emerald-300 hover:bg-emerald-500/10 disabled:opacity-60"
              >
                Mark Complete
              </button>
            )}
          </div>
          {summary && <p className="mt-2 text-slate-400">{summary.summary}</p>}
          <div
            role="status"
            aria-live="polite"
            className="empty:hidden mt-4 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200"
          >
            {notice}
          </div>

          {current === 1 && <ModuleIntro moduleId={module.id} />}
          {lesson.status === 'loading' && <p className="py-16 text-center text-slate-400">Loading...</p>}
          {lesson.status === 'error' && <ErrorPanel onRetry={lesson.reload} />}
          {lesson.status === 'ready' && (
            // Rendered and sanitized on the server from our own Markdown (server/src/modules/courses/markdown.ts).
            <div className="lesson-content mt-8" dangerouslySetInnerHTML={{ __html: lesson.data.html }} />
          )}
          {lesson.status === 'ready' && (
            // Keyed by the lesson the data belongs to: while the next lesson loads, the
            // previous one's questions must not be taken for its own.
            <KnowledgeCheck
              key={`${lesson.data.module_id}/${lesson.data.number}`}
              moduleId={lesson.data.module_id}
              lessonNumber={lesson.data.number}
              questions={lesson.data.questions}
              onFirstAnswer={countFirstAnswer}
            />
          )}

          <nav
            aria-label="Lesson navigation"
            className="mt-12 flex items-center justify-between gap-3 border-t border-slate-800 pt-6"
          >
            <button
              type="button"
              disabled={current === 1}
              onClick={() => goTo(current - 1)}
              className="rounded-lg border border-slate-700 px-4 py-2 text-sm font-semibold text-slate-200 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-40"
            >
              Previous
            </button>
            <span className="text-sm text-slate-400">
              Lesson {current} of {total}
            </span>
            <button
              type="button"
              disabled={saving}
              onClick={() => void (isLast ? completeModule() : next())}
              className="rounded-lg bg-emerald-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-emerald-400 disabled:opacity-60"
            >
              {isLast ? 'Complete Module' : 'Next'}
            </button>
          </nav>
        </article>
      </main>
      {showCertificate && progress?.completed && (
        <CertificateDialog
          moduleId={module.id}
          completedModules={completedModules}
          onBack={() => navigate('/dashboard')}
        />
      )}
    </div>
  );
}

/** Lesson 1 opens with the module's introduction and its authorized-testing note. */
function ModuleIntro({ moduleId }: { moduleId: string }) {
  const intro = useAsync(() => fetchModuleIntro(moduleId), moduleId);
  if (intro.status !== 'ready' || !intro.data) return null;
  return (
    <details open className="mt-6 rounded-xl border border-sky-500/30 bg-sky-500/10 p-4 text-sm text-sky-50">
      <summary className="cursor-pointer font-semibold">About this module</summary>
      {/* Server-rendered, sanitized HTML from content/modules/<id>/module.md. */}
      <div className="lesson-content lesson-content--compact mt-3" dangerouslySetInnerHTML={{ __html: intro.data }} />
    </details>
  );
}
