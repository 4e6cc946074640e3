import { useNavigate } from 'react-router';
import { fetchCatalogue } from '../../lib/course-api';
import { useAsync } from '../../lib/use-async';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SubscriptionScreen } from './SubscriptionScreen';

/** `/subscription`: the payment screen as a page of its own. */
export function SubscriptionPage() {
  useDocumentTitle('Subscribe · Ethical Hacking Course');
  const navigate = useNavigate();
  const catalogue = useAsync(fetchCatalogue, 'catalogue');
  const lessonCount = catalogue.data?.reduce((sum, m) => sum + m.lesson_count, 0) ?? null;
  return (
    <main className="flex min-h-dvh items-center">
      <SubscriptionScreen lessonCount={lessonCount} onBack={() => navigate('/dashboard')} />
    </main>
  );
}
