import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/course/:moduleId`. The reader arrives with the catalogue. */
export function CoursePage() {
  const { moduleId } = useParams();
  useDocumentTitle('Course · Ethical Hacking Course');
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/dashboard" className="text-emerald-400 hover:underline">
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{moduleId}</h1>
    </main>
  );
}
