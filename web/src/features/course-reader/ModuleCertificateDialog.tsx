import { Dialog } from '../../components/Dialog';
import type { CourseModule, ModuleProgress } from '../../lib/course-api';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

interface ModuleCertificateDialogProps {
  module: CourseModule;
  progress: ModuleProgress;
  onClose(): void;
}

/** The certificate view for one completed module: what was completed and when. */
export function ModuleCertificateDialog({ module, progress, onClose }: ModuleCertificateDialogProps) {
  const completedOn = progress.completed_at ? dateFormat.format(new Date(progress.completed_at)) : '';
  return (
    <Dialog label="Certificate" onClose={onClose}>
      <div className="mx-auto w-full max-w-lg p-4">
        <section className="rounded-3xl border-4 border-double border-amber-400/70 bg-slate-900 p-8 text-center shadow-2xl">
          <p className="text-xs font-semibold tracking-[0.3em] text-amber-300 uppercase">Certificate of completion</p>
          <h2 className="mt-4 text-2xl font-extrabold text-white">{module.title}</h2>
          <p className="mt-3 text-slate-300">
            All {module.lesson_count} lessons completed on <strong className="text-white">{completedOn}</strong>.
          </p>
          <button
            type="button"
            onClick={onClose}
            className="mt-8 rounded-xl bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 hover:bg-emerald-400"
          >
            Back to Dashboard
          </button>
        </section>
      </div>
    </Dialog>
  );
}
