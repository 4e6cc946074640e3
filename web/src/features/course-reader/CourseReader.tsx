import { MESSAGES } from '@ehc/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NavigationType, useNavigate, useNavigationType } from 'react-router';
import { CertificateDialog } from '../../components/CertificateDialog';
import { CloseButton } from '../../components/CloseButton';
import { Dialog } from '../../components/Dialog';
import { DisplaySettings } from '../../components/DisplaySettings';
import { ErrorPanel } from '../../components/ErrorPanel';
import { isSessionEnd } from '../../lib/graphql';
import {
  lessonQuery,
  markLessonComplete,
  storeModuleProgress,
  type CourseModule,
  type ModuleProgress,
  type QuestionAttempt,
} from '../../lib/course-api';
import { CourseSidebar } from './CourseSidebar';
import { KnowledgeCheck } from './KnowledgeCheck';
import { LessonBody } from './LessonBody';
import { LessonContents } from './LessonContents';
import { lessonPath, missingLessons, progressPercent } from './lesson-navigation';
import { ModuleIntro } from './ModuleIntro';
import { ReaderBottomBar } from './ReaderBottomBar';
import { ReaderTopBar } from './ReaderTopBar';
import { useScrollMemory } from '../../lib/scroll-memory';
import { labsQuery, type Lab } from '../../lib/labs-api';
import { useSignedInUser } from '../../lib/session';
import { LabBlock } from '../labs/LabBlock';
import './lesson-content.css';
import { SiteFooter } from '../../components/SiteFooter';
import { whenIdle } from '../../lib/when-idle';

interface CourseReaderProps {
  module: CourseModule;
  /** The lesson in the URL, already checked to exist. */
  current: number;
  /** The learner's progress in this module, from the query cache (saves update it there). */
  progress: ModuleProgress | null;
  /** Titles of the learner's other completed modules, for the certificate screen. */
  otherCompletedModules: string[];
}

/** The course screen of spec §2 for a subscriber; the lesson shown is the one in the URL. */
export function CourseReader({ module, current, progress, otherCompletedModules }: CourseReaderProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [showCertificate, setShowCertificate] = useState(false);
  const [lessonsOpen, setLessonsOpen] = useState(false);
  const [marked, setMarked] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const forwardRef = useRef<HTMLButtonElement>(null);
  // The lesson comes with its module's introduction, so they appear in one step.
  const body = useQuery(lessonQuery(module.id, current));
  const lesson = body.isError
    ? ({ status: 'error' } as const)
    : body.isSuccess
      ? ({ status: 'ready', data: body.data } as const)
      : ({ status: 'loading' } as const);
  function retryLesson() {
    void body.refetch();
  }

  // The course's labs with the learner's progress: this lesson's "Try it" blocks and the
  // outline's marks. Asked again when the reader opens; a solve updates it in place.
  const labs = useQuery(labsQuery);
  const moduleLabs = (labs.data ?? []).filter((lab) => lab.module_id === module.id);
  const lessonLabs = moduleLabs.filter((lab) => lab.lesson_number === current);
  function updateLab(changed: Lab) {
    queryClient.setQueryData(labsQuery.queryKey, (all) => all?.map((lab) => (lab.id === changed.id ? changed : lab)));
  }

  const total = module.lessons.length;
  const isLast = current === total;
  const done = new Set(progress?.completed_lessons ?? []);
  const summary = module.lessons[current - 1]!;
  const following = module.lessons[current];
  const completedModules = progress?.completed ? [...otherCompletedModules, module.title] : otherCompletedModules;

  // Warm the cache so "Next" shows the following lesson at once: once this one is shown.
  useEffect(() => {
    if (current < total) whenIdle(() => queryClient.query(lessonQuery(module.id, current + 1)).catch(() => undefined));
  }, [module.id, current, total, queryClient]);

  // A reload, Back or Forward returns to the place this tab left the lesson at, once the
  // lesson and the labs below it are on screen (before that the page is too short to get
  // there). The lesson shown must be the one in the address: right after a move, the
  // previous one's is still in `lesson` for a render.
  const returning = useNavigationType() === NavigationType.Pop;
  const path = lessonPath(module.id, current);
  const showing = lesson.status === 'ready' && lesson.data.module_id === module.id && lesson.data.number === current;
  useScrollMemory({ key: path, page: path, ready: showing && labs.status !== 'pending', restore: returning });

  // A new lesson (Next, Previous, the outline) starts at its top, with focus on its title
  // so a screen reader starts reading there; Back or Forward only moves the focus, the
  // scroll memory puts the window where it was. Not on the first render: a learner
  // arriving from a link starts where the browser puts them.
  const shownLesson = useRef(current);
  useEffect(() => {
    if (shownLesson.current === current) return;
    shownLesson.current = current;
    if (!returning) window.scrollTo({ top: 0, behavior: 'instant' });
    headingRef.current?.focus({ preventScroll: true });
  }, [current, returning]);

  // After "Mark Complete" its button is gone; the next step is the natural place for
  // focus. In an effect, because the forward button is enabled again only once rendered.
  useEffect(() => {
    if (marked > 0) forwardRef.current?.focus();
  }, [marked]);

  function goTo(number: number) {
    setLessonsOpen(false);
    navigate(lessonPath(module.id, number));
  }

  /** A first answer moves the module's knowledge-check score in the outline at once. */
  function countFirstAnswer(attempt: QuestionAttempt) {
    if (!progress) return;
    storeModuleProgress(queryClient, user.user_id, {
      ...progress,
      checks: {
        ...progress.checks,
        answered: progress.checks.answered + 1,
        first_time_right: progress.checks.first_time_right + (attempt.first_correct ? 1 : 0),
      },
    });
  }

  /** Saves one lesson as done; on failure tells the learner and returns null. */
  async function save(number: number): Promise<ModuleProgress | null> {
    setSaving(true);
    try {
      const updated = await markLessonComplete(module.id, number);
      // The answer is the module's progress: the outline, the dashboard and the
      // certificate read it from the cache, with no second request.
      storeModuleProgress(queryClient, user.user_id, updated);
      return updated;
    } catch (error) {
      // A session that ended is said by the page (app/SessionEnded.tsx), not by an alert.
      if (!isSessionEnd(error)) window.alert(MESSAGES.saveProgressFailed);
      return null;
    } finally {
      setSaving(false);
    }
  }

  async function markComplete() {
    if (!(await save(current))) return;
    setAnnouncement(`Lesson ${current} completed.`);
    setMarked((count) => count + 1);
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

  const outline = (className: string, onSelect?: () => void) => (
    <CourseSidebar
      module={module}
      progress={progress}
      labs={moduleLabs}
      current={current}
      className={className}
      onBack={() => navigate('/dashboard')}
      onSelect={onSelect}
    />
  );

  return (
    <div className="min-h-dvh lg:flex">
      {outline(
        'hidden border-slate-800 lg:sticky lg:top-0 lg:block lg:h-dvh lg:w-80 lg:shrink-0 lg:overflow-y-auto lg:border-r',
      )}
      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <ReaderTopBar
          moduleTitle={module.title}
          current={current}
          total={total}
          percent={progressPercent(module, progress)}
          lessonsOpen={lessonsOpen}
          onOpenLessons={() => setLessonsOpen(true)}
          settings={<DisplaySettings />}
        />
        <main id="main" tabIndex={-1} className="flex-1 px-4 pt-6 pb-12 sm:px-8">
          <article className="reader-article mx-auto max-w-3xl">
            {progress?.completed && (
              <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-emerald-500/40 bg-emerald-500/10 p-4 print:hidden">
                <span className="font-bold text-emerald-300">🏆 Module Completed!</span>
                <button
                  type="button"
                  onClick={() => setShowCertificate(true)}
                  className="inline-flex min-h-11 items-center rounded-lg bg-emerald-500 px-4 text-sm font-semibold text-slate-950 hover:bg-emerald-400"
                >
                  Download Certificate
                </button>
              </div>
            )}
            <p className="text-sm font-medium text-emerald-300">
              {module.title} · Lesson {current} of {total}
            </p>
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="mt-1 text-2xl font-extrabold text-white outline-none sm:text-3xl"
            >
              {summary.title}
            </h1>
            <p className="mt-2 text-slate-300">{summary.summary}</p>
            {lesson.status === 'ready' && <LessonContents lesson={lesson.data} />}
            <div
              role="status"
              aria-live="polite"
              className="mt-4 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200 empty:hidden"
            >
              {notice}
            </div>

            {lesson.status === 'ready' && lesson.data.module_intro_html && (
              <ModuleIntro key={current} html={lesson.data.module_intro_html} open={current === 1} />
            )}
            {lesson.status === 'loading' && <p className="py-16 text-center text-slate-300">Loading...</p>}
            {lesson.status === 'error' && <ErrorPanel onRetry={retryLesson} />}
            {lesson.status === 'ready' && <LessonBody html={lesson.data.html} announce={setAnnouncement} />}
            {lesson.status === 'ready' &&
              lessonLabs.map((lab) => <LabBlock key={lab.id} lab={lab} onChange={updateLab} />)}
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
            {following && lesson.status === 'ready' && (
              <button
                type="button"
                disabled={saving}
                onClick={() => void next()}
                className="mt-12 flex w-full flex-col items-start rounded-2xl border border-slate-700 bg-slate-900/60 p-5 text-left hover:border-emerald-500/60 print:hidden"
              >
                <span className="text-sm font-medium text-emerald-300">Up next: Lesson {following.number}</span>
                <span className="mt-1 text-lg font-bold text-white">{following.title}</span>
                <span className="mt-1 text-sm text-slate-300">{following.summary}</span>
              </button>
            )}
          </article>
          {/* Help, the refund policy and the terms, within reach of a learner mid-course. Not
              while the lesson loads: sitting under "Loading...", it would jump down the page
              when the lesson arrives (a layout shift Lighthouse counts against the reader). */}
          {lesson.status !== 'loading' && (
            <div className="mx-auto mt-12 max-w-3xl print:hidden">
              <SiteFooter />
            </div>
          )}
        </main>
        <ReaderBottomBar
          isFirst={current === 1}
          isLast={isLast}
          done={done.has(current)}
          saving={saving}
          forwardRef={forwardRef}
          onPrevious={() => goTo(current - 1)}
          onMarkComplete={() => void markComplete()}
          onForward={() => void (isLast ? completeModule() : next())}
        />
      </div>
      {/* Announcements that have no visible place of their own (a lesson saved, code copied). */}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {lessonsOpen && (
        <Dialog label="Lessons" onClose={() => setLessonsOpen(false)} className="mr-auto! ml-0! h-dvh max-w-sm!">
          <CloseButton
            onClick={() => setLessonsOpen(false)}
            className="z-10 min-h-11 min-w-11 text-slate-300 hover:bg-slate-800"
          />
          {outline('relative h-dvh overflow-y-auto pt-10', () => setLessonsOpen(false))}
        </Dialog>
      )}
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
