import { Dialog } from './Dialog';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

interface CertificateDialogProps {
  /** The module's title, or the course name for the full certificate. */
  title: string;
  /** What was completed, e.g. "All 20 lessons" or "All 7 modules". */
  achievement: string;
  /** ISO time of completion, as the server recorded it. */
  completedAt: string;
  onClose(): void;
}

/** The certificate view: what the learner completed and when (the server's record). */
export function CertificateDialog({ title, achievement, completedAt, onClose }: CertificateDialogProps) {
  return (
    <Dialog label="Certificate" onClose={onClose}>
      <div className="mx-auto w-full max-w-lg p-4">
        <section className="rounded-3xl border-4 border-double border-amber-400/70 bg-slate-900 p-8 text-center shadow-2xl">
          <p className="text-xs font-semibold tracking-[0.3em] text-amber-300 uppercase">Certificate of completion</p>
          <h2 className="mt-4 text-2xl font-extrabold text-white">{title}</h2>
          <p className="mt-3 text-slate-300">
            {achievement} completed on{' '}
            <strong className="text-white">{dateFormat.format(new Date(completedAt))}</strong>.
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
