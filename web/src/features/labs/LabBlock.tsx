import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonStyles } from '../../components/button-styles';
import { DifficultyBadge } from '../../components/DifficultyBadge';
import { FormMessage } from '../../components/FormMessage';
import { failureMessage } from '../../lib/graphql';
import { openLabWriteup, revealLabHint, startLab, submitLabFlag, type Lab } from '../../lib/labs-api';

interface LabBlockProps {
  lab: Lab;
  /** The lab as the server now has it (after a hint, the write-up or a solve). */
  onChange(lab: Lab): void;
}

const SOLVED_MESSAGE = 'Solved! Your flag is recorded.';

/**
 * "Try it": a lesson's lab. Starting it opens the lab site in a new tab; the lab page
 * reports a solve back to this tab (postMessage), or the learner pastes the flag, or the
 * lab's "Record it in my course" link brings it here in the address's fragment.
 */
export function LabBlock({ lab, onChange }: LabBlockProps) {
  const titleId = useId();
  const flagId = useId();
  const [flag, setFlag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [labUrl, setLabUrl] = useState<string | null>(null);
  const [confirmWriteup, setConfirmWriteup] = useState(false);
  const labRef = useRef(lab);
  labRef.current = lab;
  // Messages are trusted only from the lab site this tab opened.
  const labOrigin = useRef<string | null>(null);

  async function submit(value: string) {
    setError(null);
    setSuccess(null);
    setBusy(true);
    try {
      const result = await submitLabFlag(labRef.current.id, value);
      onChange({ ...labRef.current, solved: result.solved, solved_at: result.solved_at });
      setSuccess(SOLVED_MESSAGE);
      setFlag('');
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  const submitRef = useRef(submit);
  submitRef.current = submit;

  // A solve reported by the lab tab.
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: unknown; labId?: unknown; flag?: unknown } | null;
      if (!labOrigin.current || event.origin !== labOrigin.current) return;
      if (data?.type !== 'ehc-lab-solved' || data.labId !== labRef.current.id || typeof data.flag !== 'string') return;
      void submitRef.current(data.flag);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // A solve brought back by the lab's "Record it in my course" link: ?lab=<id>#flag=EHC{…}.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const match = /^#flag=(.+)$/.exec(window.location.hash);
    if (params.get('lab') !== lab.id || !match) return;
    // The flag leaves the address bar (and the history entry) before anything else.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void submitRef.current(decodeURIComponent(match[1]!));
  }, [lab.id]);

  async function start() {
    setError(null);
    // Opened in the click itself, so no pop-up blocker stops it; pointed at the lab once
    // the server has signed its link. Not "noopener": the lab page reports its solve here.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const session = await startLab(lab.id);
      labOrigin.current = new URL(session.url).origin;
      setLabUrl(session.url);
      if (tab) tab.location.href = session.url;
    } catch (failure) {
      tab?.close();
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function change(action: (labId: string) => Promise<Lab>) {
    setError(null);
    try {
      onChange(await action(lab.id));
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(flag);
  }

  const hintsLeft = lab.hint_count - lab.hints.length;
  return (
    <section
      aria-labelledby={titleId}
      data-testid={`lab-${lab.id}`}
      className="mt-10 rounded-2xl border border-sky-500/40 bg-sky-500/5 p-5 print:hidden"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold text-white">
          Try it: {lab.title}
        </h2>
        {lab.solved && (
          <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-sm font-semibold text-emerald-300">
            ✓ Solved{lab.solved_with_writeup ? ' with the write-up' : ''}
          </span>
        )}
      </div>
      <p className="mt-2 text-slate-200">{lab.objective}</p>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-300">
        Difficulty: <DifficultyBadge difficulty={lab.difficulty} />
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => void start()} disabled={busy} className={buttonStyles.primary}>
          Start lab
        </button>
        {labUrl && (
          <a href={labUrl} target="_blank" className="text-sm font-medium text-sky-300 underline">
            Open the lab again
          </a>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-400">
        The lab opens on its own site in a new tab, with a request editor for crafted requests. It works on a phone.
      </p>

      {!lab.solved && (
        <form onSubmit={onSubmit} className="mt-5" noValidate>
          <label htmlFor={flagId} className="block text-sm font-medium text-slate-200">
            Flag
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id={flagId}
              value={flag}
              onChange={(event) => setFlag(event.target.value)}
              placeholder="EHC{…}"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-describedby={`${flagId}-message`}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-950 px-3 font-mono text-sm text-white"
            />
            <button type="submit" disabled={busy || flag.trim() === ''} className={buttonStyles.secondary}>
              Submit flag
            </button>
          </div>
        </form>
      )}
      <div className="mt-2">
        <FormMessage id={`${flagId}-message`} error={error} success={success} />
      </div>

      {lab.hints.length > 0 && (
        <ol className="mt-5 list-decimal space-y-2 pl-5 text-sm text-slate-200">
          {lab.hints.map((hint, index) => (
            <li key={index}>{hint}</li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {hintsLeft > 0 && (
          <button type="button" onClick={() => void change(revealLabHint)} className={buttonStyles.secondary}>
            {lab.hints.length === 0 ? 'Show a hint' : 'Show the next hint'} ({lab.hints.length + 1} of {lab.hint_count})
          </button>
        )}
        {!lab.writeup_html && !confirmWriteup && (
          <button
            type="button"
            // After a solve the write-up changes nothing about the solve: no need to ask.
            onClick={() => (lab.solved ? void change(openLabWriteup) : setConfirmWriteup(true))}
            className={buttonStyles.secondary}
          >
            Show the write-up
          </button>
        )}
      </div>
      {confirmWriteup && !lab.writeup_html && (
        <div
          role="group"
          aria-label="Show the write-up?"
          className="mt-4 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100"
        >
          <p>
            The write-up gives the whole solution. If you solve the lab after reading it, it is recorded as solved with
            the write-up.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" onClick={() => void change(openLabWriteup)} className={buttonStyles.primary}>
              Show it
            </button>
            <button type="button" onClick={() => setConfirmWriteup(false)} className={buttonStyles.secondary}>
              Not yet
            </button>
          </div>
        </div>
      )}
      {lab.writeup_html && (
        <details className="mt-5 rounded-xl border border-slate-700 bg-slate-900/60 p-4" open={!lab.solved}>
          <summary className="min-h-11 cursor-pointer font-semibold text-white">Write-up</summary>
          <div className="lesson-content mt-3" dangerouslySetInnerHTML={{ __html: lab.writeup_html }} />
        </details>
      )}
    </section>
  );
}
