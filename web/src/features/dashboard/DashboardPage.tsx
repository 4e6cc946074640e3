import { useDocumentTitle } from '../../lib/use-document-title';
import { DashboardHeader } from './DashboardHeader';

/** `/dashboard` and `/dashboard/premium`. The module grid arrives with the catalogue. */
export function DashboardPage({ premiumWelcome = false }: { premiumWelcome?: boolean }) {
  useDocumentTitle('Dashboard · Ethical Hacking Course');
  return (
    <div className="min-h-dvh">
      <DashboardHeader />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold">{premiumWelcome ? 'Welcome to Premium!' : 'Your course'}</h1>
      </main>
    </div>
  );
}
