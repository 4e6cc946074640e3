import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { catalogueQuery, lessonQuery, progressQuery, totalLessons } from '../../lib/course-api';
import { useSignedInUser } from '../../lib/session';
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
  const queryClient = useQueryClient();
  const catalogue = useQuery(catalogueQuery);
  const userProgress = useQuery({ ...progressQuery(user.user_id), enabled: paid });
  // Started alongside the catalogue and progress, not after them: the lesson in the URL (with
  // its module's introduction) is what the reader shows first.
  useEffect(() => {
    if (!paid) return;
    if (requested !== null) queryClient.query(lessonQuery(moduleId, requested)).catch(() => undefined);
    // Only when the page opens on a module, as before: the reader asks for the lessons after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [moduleId, paid, queryClient]);
  const failed = catalogue.isError || (paid && userProgress.isError);
  const ready = catalogue.isSuccess && (!paid || userProgress.isSuccess);
  const module = catalogue.data?.find((m) => m.id === moduleId);
  const unknown = ready && !module;
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

  if (failed) {
    return (
      <ErrorPanel
        onRetry={() => {
          if (catalogue.isError) void catalogue.refetch();
          if (userProgress.isError) void userProgress.refetch();
        }}
      />
    );
  }
  if (!ready || !module) return <LoadingScreen />;

  if (!paid) {
    return <PaymentGate lessonCount={totalLessons(catalogue.data)} />;
  }
  const progress = userProgress.data?.modules.find((m) => m.module_id === module.id) ?? null;
  if (!lesson) return <Navigate to={lessonPath(module.id, resumeLesson(module, progress))} replace />;
  const otherCompleted = catalogue.data
    .filter((m) => m.id !== module.id && userProgress.data?.completed_modules.includes(m.id))
    .map((m) => m.title);
  return (
    <CourseReader
      key={module.id}
      module={module}
      current={lesson.number}
      progress={progress}
      otherCompletedModules={otherCompleted}
    />
  );
}
