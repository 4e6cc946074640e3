import { Route, Routes } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { LearnerPage } from './LearnerPage';
import { LearnerSearchPage } from './LearnerSearchPage';
import { SalesPage } from './SalesPage';
import { SettingsPage } from './SettingsPage';

/** The console's pages under /admin; loaded as a chunk of its own (app/AdminRoute.tsx). */
export default function AdminConsole() {
  return (
    <AdminLayout>
      <Routes>
        <Route index element={<LearnerSearchPage />} />
        <Route path="learners/:learnerId" element={<LearnerPage />} />
        <Route path="sales" element={<SalesPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<LearnerSearchPage />} />
      </Routes>
    </AdminLayout>
  );
}
