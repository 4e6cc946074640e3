import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { fetchCatalogue, fetchProgress, totalLessons } from '../../lib/course-api';
import { useSignedInUser } from '../../lib/session';
import { useAsync } from '../../lib/use-async';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PaymentGate } from '../checkout/PaymentGate';
import { CourseReader } from './CourseReader';

/** Spec §4: an unknown module shows "Loading..." and goes to the dashboard after 100 ms. */
const UNKNOWN_MODULE_REDIRECT_MS = 100;

/** `/course/:moduleId`: the reader for subscribers, the payment screen for everyone else. */
export function CoursePage() {
  const { moduleId = '' } = useParams();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const data = useAsync(
    () => Promise.all([fetchCatalogue(), user.payment_status ? fetchProgress() : Promise.resolve(null)]),
    `${moduleId}:${user.payment_status}`,
  );
  const module = data.data?.[0].find((m) => m.id === moduleId);
  const unknown = data.status === 'ready' && !module;
  useDocumentTitle(module ? `${module.title} · Ethical Hacking Course` : 'Course · Ethical Hacking Course');

  useEffect(() => {
    if (!unknown) return;
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), UNKNOWN_MODULE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [unknown, navigate]);

  if (data.status === 'error') return <ErrorPanel onRetry={data.reload} />;
  if (data.status === 'loading' || !module) return <LoadingScreen />;

  if (!user.payment_status) {
    return <PaymentGate lessonCount={totalLessons(data.data[0])} />;
  }
  const [catalogue, userProgress] = data.data;
  const progress = userProgress?.modules.find((m) => m.module_id === module.id);
  const otherCompleted = catalogue
    .filter((m) => m.id !== module.id && userProgress?.completed_modules.includes(m.id))
    .map((m) => m.title);
  return (
    <CourseReader
      key={module.id}
      module={module}
      initialProgress={progress ?? null}
      otherCompletedModules={otherCompleted}
    />
  );
}
