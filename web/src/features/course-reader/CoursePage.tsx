import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { fetchCatalogue, fetchLesson, fetchModuleIntro, fetchProgress, totalLessons } from '../../lib/course-api';
import { useSignedInUser } from '../../lib/session';
import { useAsync } from '../../lib/use-async';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PaymentGate } from '../checkout/PaymentGate';
import { CourseReader } from './CourseReader';
import { lessonPath, parseLessonNumber, resumeLesson } from './lesson-navigation';

/** Spec §4: an unknown module shows "Loading..." and goes to the dashboard after 100 ms. */
const UNKNOWN_MODULE_REDIRECT_MS = 100;

/**
 * `/course/:moduleId/:lessonNumber?`: the reader for subscribers, the payment screen for
 * everyone else. Without a valid lesson number a subscriber goes to the resume point.
 */
export function CoursePage() {
  const { moduleId = '', lessonNumber } = useParams();
  const user = useSignedInUser();
  // Whether the learner had paid when the page opened. One who pays at this page's paywall
  // is on the way to /dashboard/premium (useCheckout); showing the reader meanwhile would
  // redirect to the resume point and race that navigation.
  const [paid] = useState(user.payment_status);
  const navigate = useNavigate();
  const requested = parseLessonNumber(lessonNumber);
  const data = useAsync(() => {
    if (paid) {
      // Started alongside the catalogue and progress, not after them: the lesson in the
      // URL and the module introduction are what the reader shows first.
      if (requested !== null) fetchLesson(moduleId, requested).catch(() => undefined);
      fetchModuleIntro(moduleId).catch(() => undefined);
    }
    return Promise.all([fetchCatalogue(), paid ? fetchProgress(user.user_id) : Promise.resolve(null)]);
  }, `${moduleId}:${paid}`);
  const module = data.data?.[0].find((m) => m.id === moduleId);
  const unknown = data.status === 'ready' && !module;
  const lesson = requested !== null ? module?.lessons[requested - 1] : undefined;
  useDocumentTitle(
    paid && module && lesson
      ? `${lesson.title} · ${module.title}`
      : module
        ? `${module.title} · Ethical Hacking Course`
        : 'Course · Ethical Hacking Course',
  );

  useEffect(() => {
    if (!unknown) return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), UNKNOWN_MODULE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [unknown, navigate]);

  if (data.status === 'error') return <ErrorPanel onRetry={data.reload} />;
  if (data.status === 'loading' || !module) return <LoadingScreen />;

  if (!paid) {
    return <PaymentGate lessonCount={totalLessons(data.data[0])} />;
  }
  const [catalogue, userProgress] = data.data;
  const progress = userProgress?.modules.find((m) => m.module_id === module.id) ?? null;
  if (!lesson) return <Navigate to={lessonPath(module.id, resumeLesson(module, progress))} replace />;
  const otherCompleted = catalogue
    .filter((m) => m.id !== module.id && userProgress?.completed_modules.includes(m.id))
    .map((m) => m.title);
  return (
    <CourseReader
      key={module.id}
      module={module}
      current={lesson.number}
      initialProgress={progress}
      otherCompletedModules={otherCompleted}
    />
  );
}
