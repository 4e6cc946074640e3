import type { AdminModuleProgress } from '../admin-api';
import { formatWhen } from '../admin-format';
import { AdminTable, type Column } from '../AdminTable';
import { ConsoleSection } from '../ConsoleSection';

const COLUMNS: Column<AdminModuleProgress>[] = [
  { header: 'Module', cell: (m) => m.title },
  {
    header: 'Lessons done',
    cell: (m) => <LessonsDone done={m.completed_lessons} total={m.total_lessons} />,
    className: 'whitespace-nowrap',
  },
  { header: 'Completed', cell: (m) => formatWhen(m.completed_at), className: 'whitespace-nowrap' },
];

/** Lessons done per module. */
export function LearnerProgress({ progress }: { progress: AdminModuleProgress[] }) {
  return (
    <ConsoleSection title="Progress by module">
      <AdminTable
        caption="Progress by module"
        columns={COLUMNS}
        rows={progress}
        rowKey={(m) => m.module_id}
        empty="No progress yet."
      />
    </ConsoleSection>
  );
}

function LessonsDone({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <span className="flex items-center gap-2">
      {done} of {total}
      <span aria-hidden="true" className="inline-block h-1.5 w-16 overflow-hidden rounded-full bg-slate-700">
        <span className="block h-full bg-emerald-400" style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}
