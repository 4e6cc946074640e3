import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { failureMessage } from '../../lib/graphql';
import {
  answerQuestion,
  showAnswer,
  storeAttempt,
  type LessonQuestion,
  type QuestionAttempt,
} from '../../lib/course-api';

interface KnowledgeCheckProps {
  moduleId: string;
  lessonNumber: number;
  questions: LessonQuestion[];
  /** Tells the reader a question was answered for the first time, so the module's score can move. */
  onFirstAnswer(attempt: QuestionAttempt): void;
}

/** "Check your understanding": the lesson's questions, answered and marked on the server. */
export function KnowledgeCheck({ moduleId, lessonNumber, questions, onFirstAnswer }: KnowledgeCheckProps) {
  const queryClient = useQueryClient();
  const [attempts, setAttempts] = useState<Record<string, QuestionAttempt | null>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, q.attempt])),
  );
  if (questions.length === 0) return null;
  const answered = questions.filter((q) => attempts[q.id]);
  const right = answered.filter((q) => attempts[q.id]!.first_correct).length;

  return (
    <section aria-labelledby="knowledge-check" className="mt-12 border-t border-slate-800 pt-8 print:hidden">
      <h2 id="knowledge-check" className="text-xl font-bold text-white">
        Check your understanding
      </h2>
      <p className="mt-1 text-sm text-slate-400" data-testid="lesson-score" aria-live="polite">
        {answered.length === 0
          ? `${questions.length} questions. Your first answer to each is what counts; you can try again after.`
          : `Score: ${right} of ${questions.length} right at the first attempt` +
            (answered.length < questions.length ? ` (${answered.length} answered)` : '')}
      </p>
      <ol className="mt-6 space-y-6">
        {questions.map((question, position) => (
          <li key={`${moduleId}/${lessonNumber}/${question.id}`}>
            <QuestionCard
              question={question}
              position={position + 1}
              attempt={attempts[question.id] ?? null}
              submit={(given) => answerQuestion(moduleId, lessonNumber, question.id, given)}
              reveal={() => showAnswer(moduleId, lessonNumber, question.id)}
              onAnswered={(attempt) => {
                // The cached lesson remembers the attempt, so it shows on the way back.
                storeAttempt(queryClient, moduleId, lessonNumber, question.id, attempt);
                if (!attempts[question.id]) onFirstAnswer(attempt);
                setAttempts((all) => ({ ...all, [question.id]: attempt }));
              }}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

interface QuestionCardProps {
  question: LessonQuestion;
  position: number;
  attempt: QuestionAttempt | null;
  submit(given: { choices?: number[]; text?: string }): Promise<QuestionAttempt>;
  /** Shows the right answer after a wrong try. */
  reveal(): Promise<QuestionAttempt>;
  onAnswered(attempt: QuestionAttempt): void;
}

function QuestionCard({ question, position, attempt, submit, reveal, onAnswered }: QuestionCardProps) {
  const id = useId();
  const [choices, setChoices] = useState<number[]>(attempt?.last_choices ?? []);
  const [text, setText] = useState(attempt?.last_text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  // Counts answers sent from this card; each one moves focus to the verdict it produced.
  const [answersSent, setAnswersSent] = useState(0);
  useEffect(() => {
    // The verdict and explanation appear below the question: take keyboard and screen
    // reader users there, as a sighted learner's eyes would go.
    if (answersSent > 0) resultRef.current?.focus();
  }, [answersSent]);
  const promptId = `${id}-prompt`;
  const errorId = `${id}-error`;
  const correct = new Set(attempt?.correct_choices ?? []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSending(true);
    try {
      const result = await submit(question.kind === 'short' ? { text } : { choices });
      onAnswered(result);
      setAnswersSent((n) => n + 1);
    } catch (caught) {
      setError(failureMessage(caught, 'Something went wrong. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  async function onReveal() {
    setError(null);
    setSending(true);
    try {
      onAnswered(await reveal());
      setAnswersSent((n) => n + 1);
    } catch (caught) {
      setError(failureMessage(caught, 'Something went wrong. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  const choose = (index: number, on: boolean) =>
    setChoices((current) =>
      question.kind === 'single' ? [index] : on ? [...current, index] : current.filter((c) => c !== index),
    );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:p-5"
      data-testid={`question-${question.id}`}
    >
      <fieldset aria-labelledby={promptId} aria-describedby={error ? errorId : undefined}>
        <div id={promptId} className="question-prompt text-slate-100">
          <span className="sr-only">Question {position}: </span>
          {/* Server-rendered, sanitized Markdown from the lesson's questions file. */}
          <div
            className="lesson-content lesson-content--compact"
            dangerouslySetInnerHTML={{ __html: question.prompt_html }}
          />
          {question.kind === 'multiple' && <p className="mt-1 text-sm text-slate-400">Choose all that apply.</p>}
        </div>
        {question.kind === 'short' ? (
          <div className="mt-3">
            <label htmlFor={`${id}-text`} className="sr-only">
              Your answer
            </label>
            <input
              id={`${id}-text`}
              type="text"
              value={text}
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setText(event.target.value)}
              placeholder="Your answer"
              className="w-full max-w-sm rounded-lg border border-slate-600 bg-slate-950 px-3 py-2.5 font-mono text-sm text-white placeholder:text-slate-500"
            />
          </div>
        ) : (
          <ul className="mt-3 space-y-2">
            {question.options.map((option) => {
              const checked = choices.includes(option.index);
              const mark = attempt ? (correct.has(option.index) ? 'right' : checked ? 'wrong' : null) : null;
              return (
                <li key={option.index}>
                  <label
                    className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm ${
                      mark === 'right'
                        ? 'border-emerald-500/70 bg-emerald-500/10'
                        : mark === 'wrong'
                          ? 'border-rose-400/70 bg-rose-500/10'
                          : 'border-slate-700 hover:bg-slate-800/60'
                    }`}
                  >
                    <input
                      type={question.kind === 'single' ? 'radio' : 'checkbox'}
                      name={`${id}-choice`}
                      checked={checked}
                      onChange={(event) => choose(option.index, event.target.checked)}
                      className="mt-0.5 h-5 w-5 shrink-0 accent-emerald-500"
                    />
                    {/* Inline Markdown (code, emphasis) rendered and sanitized on the server. */}
                    <span className="flex-1 text-slate-100" dangerouslySetInnerHTML={{ __html: option.html }} />
                    {mark && (
                      <span className={mark === 'right' ? 'text-emerald-300' : 'text-rose-300'}>
                        {mark === 'right' ? '✓ right answer' : '✗ your choice'}
                      </span>
                    )}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="mt-3 text-sm text-rose-300">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={sending}
          className="min-h-11 rounded-lg bg-emerald-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-emerald-400 disabled:opacity-60"
        >
          {attempt ? 'Try again' : 'Check answer'}
        </button>
        {attempt && !attempt.answer_shown && (
          <button
            type="button"
            disabled={sending}
            onClick={() => void onReveal()}
            className="min-h-11 rounded-lg border border-slate-600 px-4 py-2 text-sm font-semibold text-slate-100 hover:bg-slate-800 disabled:opacity-60"
          >
            Show answer
          </button>
        )}
      </div>
      {attempt && <Verdict attempt={attempt} kind={question.kind} focusRef={resultRef} />}
    </form>
  );
}

function Verdict({
  attempt,
  kind,
  focusRef,
}: {
  attempt: QuestionAttempt;
  kind: LessonQuestion['kind'];
  focusRef: Ref<HTMLDivElement>;
}) {
  const tries = attempt.attempts === 1 ? '' : ` (try ${attempt.attempts})`;
  return (
    <div
      ref={focusRef}
      tabIndex={-1}
      className="mt-4 rounded-lg bg-slate-950/60 p-4 outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
      data-testid="verdict"
    >
      <p className={`font-semibold ${attempt.last_correct ? 'text-emerald-300' : 'text-rose-300'}`}>
        {attempt.last_correct ? `✓ Right${tries}` : `✗ Not quite${tries}`}
      </p>
      <p className="mt-1 text-sm text-slate-400">
        First attempt: {attempt.first_correct ? 'right' : 'wrong'} — that is what your score counts.
      </p>
      {!attempt.answer_shown && (
        <p className="mt-1 text-sm text-slate-300">Read the explanation and try again, or press Show answer.</p>
      )}
      {kind === 'short' && attempt.correct_answer && (
        <p className="mt-2 text-sm text-slate-200">
          Accepted answer: <code className="rounded bg-slate-800 px-1.5 py-0.5">{attempt.correct_answer}</code>
        </p>
      )}
      {/* The explanation, sanitized on the server, arrives only after an answer. */}
      <div
        className="lesson-content lesson-content--compact mt-2 text-sm"
        dangerouslySetInnerHTML={{ __html: attempt.explanation_html }}
      />
    </div>
  );
}
