import { afterSignIn, PHONE_INPUT_MAX_LENGTH, validateCredentials, type AuthMode } from '@ehc/common';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { trackSignup } from '../../lib/tracking';
import { authErrorMessage, fieldsOfAuthError, type AuthField } from './auth-errors';
import { useHydrated } from '../../lib/use-hydrated';
import { startPage } from '../../app/lazy-pages';

const EMPTY = { email: '', password: '', fullName: '', phone: '', confirmPassword: '' };
type Fields = typeof EMPTY;

/** A tab the page around the card asks for (the header's Login, a "Start learning" button); `at` tells repeats apart. */
export interface AuthRequest {
  mode: AuthMode;
  at: number;
}

/** The Login / Sign Up card of spec §2. */
export function AuthScreen({ request }: { request?: AuthRequest | null } = {}) {
  const { login, signup } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [mode, setMode] = useState<AuthMode>('login');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const card = useRef<HTMLElement>(null);

  function switchMode(next: AuthMode) {
    setMode(next);
    setFields(EMPTY);
    setError(null);
  }

  // Asked from outside: show that tab, bring the card into view and put the cursor in its
  // first field, as pressing the tab itself would lead to.
  const currentMode = useRef(mode);
  currentMode.current = mode;
  useEffect(() => {
    if (!request) return;
    if (request.mode !== currentMode.current) switchMode(request.mode);
    card.current?.scrollIntoView({ block: 'start' });
    document.getElementById(`${ids}-tab-${request.mode}`)?.focus({ preventScroll: true });
  }, [request, ids]);

  /** Tabs move with the arrow keys, Home and End (WAI-ARIA tabs pattern); Tab goes on to the form. */
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const next =
      event.key === 'ArrowLeft' || event.key === 'Home'
        ? 'login'
        : event.key === 'ArrowRight' || event.key === 'End'
          ? 'signup'
          : null;
    if (!next) return;
    event.preventDefault();
    if (next !== mode) switchMode(next);
    document.getElementById(`${ids}-tab-${next}`)?.focus();
  }

  function update(name: keyof Fields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = validateCredentials(mode, fields);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    // Back to the page that sent the learner here, if it was one of ours; read before the
    // session changes, since the landing page then leaves for that same place.
    const target = afterSignIn(params.get('next'));
    try {
      if (mode === 'login') {
        await login(fields.email, fields.password);
      } else {
        await signup({
          email: fields.email,
          password: fields.password,
          confirm_password: fields.confirmPassword,
          full_name: fields.fullName,
          phone: fields.phone,
        });
        void trackSignup();
      }
      navigate(target);
    } catch (failure) {
      setError(authErrorMessage(failure));
      setBusy(false);
    }
  }

  const isSignup = mode === 'signup';
  const errorId = `${ids}-error`;
  // Each field the message is about is marked invalid and described by it.
  const invalid = new Set(fieldsOfAuthError(error));
  const errorFor = (field: AuthField) => (invalid.has(field) ? errorId : undefined);
  const tabClass = (active: boolean) =>
    `min-h-11 flex-1 rounded-lg px-4 py-2 text-sm font-semibold transition ${
      active ? 'bg-emerald-500 text-slate-950 shadow' : 'text-slate-300 hover:text-white'
    }`;

  return (
    <section
      ref={card}
      id="get-started"
      aria-labelledby={`${ids}-heading`}
      className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/80 p-6 shadow-2xl shadow-emerald-950/40 sm:p-8"
    >
      <h2 id={`${ids}-heading`} className="sr-only">
        {isSignup ? 'Create your account' : 'Log in to your account'}
      </h2>
      <div
        role="tablist"
        aria-label="Login or sign up"
        onKeyDown={onTabKey}
        className="mb-6 flex gap-1 rounded-xl bg-slate-800/80 p-1"
      >
        <button
          type="button"
          role="tab"
          id={`${ids}-tab-login`}
          aria-selected={!isSignup}
          tabIndex={isSignup ? -1 : 0}
          aria-controls={`${ids}-panel`}
          className={tabClass(!isSignup)}
          // Like the form: a tab pressed before the page's code runs would do nothing.
          disabled={!hydrated}
          onClick={() => switchMode('login')}
        >
          Login
        </button>
        <button
          type="button"
          role="tab"
          id={`${ids}-tab-signup`}
          aria-selected={isSignup}
          tabIndex={isSignup ? 0 : -1}
          aria-controls={`${ids}-panel`}
          className={tabClass(isSignup)}
          disabled={!hydrated}
          onClick={() => switchMode('signup')}
        >
          Sign Up
        </button>
      </div>

      {/* The panel is its own element: a form may not take the tabpanel role (HTML's rules). */}
      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={isSignup ? `${ids}-tab-signup` : `${ids}-tab-login`}>
        {/* A visitor who starts filling the card in signs in next: the dashboard's code
            downloads meanwhile. The landing page itself loads no other page's code. */}
        <form noValidate onSubmit={submit} onFocus={() => startPage('dashboard')}>
          {/* Disabled until the page's code runs (a landing page the server rendered). */}
          <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
            {isSignup && (
              <Field
                id={`${ids}-name`}
                label="Full Name"
                autoComplete="name"
                value={fields.fullName}
                onChange={(v) => update('fullName', v)}
                errorId={errorFor('fullName')}
              />
            )}
            <Field
              id={`${ids}-email`}
              label="Email"
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={(v) => update('email', v)}
              errorId={errorFor('email')}
            />
            {isSignup && (
              <Field
                id={`${ids}-phone`}
                label="Phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={PHONE_INPUT_MAX_LENGTH}
                placeholder="10-digit mobile number"
                value={fields.phone}
                onChange={(v) => update('phone', v)}
                errorId={errorFor('phone')}
              />
            )}
            <Field
              id={`${ids}-password`}
              label="Password"
              type="password"
              autoComplete={isSignup ? 'new-password' : 'current-password'}
              value={fields.password}
              onChange={(v) => update('password', v)}
              errorId={errorFor('password')}
            />
            {!isSignup && (
              <p className="-my-3 text-right text-sm">
                <Link
                  to="/forgot-password"
                  className="inline-flex min-h-11 items-center font-semibold text-emerald-400 underline-offset-4 hover:underline"
                >
                  Forgot password?
                </Link>
              </p>
            )}
            {isSignup && (
              <Field
                id={`${ids}-confirm`}
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                value={fields.confirmPassword}
                onChange={(v) => update('confirmPassword', v)}
                errorId={errorFor('confirmPassword')}
              />
            )}

            <div id={errorId} role="alert" aria-live="assertive" className="min-h-6 text-sm font-medium text-rose-400">
              {error}
            </div>

            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-xl bg-emerald-500 px-4 py-3 font-semibold text-slate-950 transition hover:bg-emerald-400 disabled:cursor-wait disabled:opacity-70"
            >
              {busy ? 'Processing...' : isSignup ? 'Sign Up' : 'Login'}
            </button>
          </fieldset>
        </form>
      </div>

      <p className="mt-6 text-center text-sm text-slate-400">
        {isSignup ? 'Already have an account? ' : "Don't have an account? "}
        <button
          type="button"
          className="inline-flex min-h-11 items-center px-1 font-semibold text-emerald-400 underline-offset-4 hover:underline"
          disabled={!hydrated}
          onClick={() => switchMode(isSignup ? 'login' : 'signup')}
        >
          {isSignup ? 'Login' : 'Sign Up'}
        </button>
      </p>
    </section>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  maxLength?: number;
  placeholder?: string;
  /** The form's message, when it is about this field. */
  errorId?: string;
}

function Field({ id, label, value, onChange, errorId, type = 'text', ...rest }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="min-h-11 w-full rounded-xl border border-slate-700 bg-slate-950 px-4 py-2.5 text-slate-100 placeholder:text-slate-500 focus:border-emerald-500 aria-invalid:border-rose-400"
        {...rest}
      />
    </div>
  );
}
