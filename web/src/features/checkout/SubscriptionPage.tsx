import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/subscription`. The payment screen arrives with payments. */
export function SubscriptionPage() {
  useDocumentTitle('Subscribe · Ethical Hacking Course');
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/dashboard" className="text-emerald-400 hover:underline">
        Back to Dashboard
      </Link>
    </main>
  );
}
