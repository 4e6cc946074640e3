/**
 * The line under a form that says what happened: an error (announced at once) or a
 * success (announced politely). Both regions stay in the page, empty when there is
 * nothing to say, so screen readers notice when they fill.
 */
export function FormMessage({
  id,
  error,
  success = null,
  tone = 'dark',
}: {
  /** The error's id, for the inputs' aria-describedby. */
  id: string;
  error: string | null;
  success?: string | null;
  tone?: 'dark' | 'light';
}) {
  const errorColour = tone === 'dark' ? 'text-rose-300' : 'text-rose-700';
  const successColour = tone === 'dark' ? 'text-emerald-300' : 'text-emerald-800';
  return (
    <div className="text-sm font-medium">
      <div id={id} role="alert" className={errorColour}>
        {error}
      </div>
      <div role="status" className={successColour}>
        {error ? null : success}
      </div>
    </div>
  );
}
