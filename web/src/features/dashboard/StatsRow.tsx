import { MODULE_COUNT } from '@ehc/common';

interface StatsRowProps {
  completedModules: number;
  paid: boolean;
}

/** Progress percent, modules done and status (spec §2, §9). */
export function StatsRow({ completedModules, paid }: StatsRowProps) {
  const percent = Math.round((completedModules / MODULE_COUNT) * 100);
  const status = completedModules === MODULE_COUNT ? 'Certified!' : paid ? 'Premium' : 'Free';
  const stats = [
    { label: 'Progress', value: `${percent}%` },
    { label: 'Modules done', value: `${completedModules}/${MODULE_COUNT}` },
    { label: 'Status', value: status },
  ];
  return (
    // On a phone three cards side by side leave "Certified!" no room: two above, status below.
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="min-w-0 rounded-2xl border border-slate-800 bg-slate-900/70 p-4 last:col-span-2 sm:last:col-span-1"
        >
          <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{stat.label}</dt>
          <dd data-stat={stat.label} className="mt-1 text-xl font-bold text-white sm:text-2xl">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
