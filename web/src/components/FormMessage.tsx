/**
 * The line under a form that says what happened: an error (announced at once) or a
 * success (announced politely). Both regions stay in the page, empty when there is
 * nothing to say, so screen readers notice when they fill.
 */
export function FormMessage({
  id,
  error,
  success = null,
}: {
  /** The error's id, for the inputs' aria-describedby. */
  id: string;
  error: string | null;
  success?: string | null;
}) {
  return (
    <div className="text-sm font-medium">
      <div id={id} role="alert" className="text-rose-300">
        {error}
      </div>
      <div role="status" className="text-emerald-300">
        {error ? null : success}
      </div>
    </div>
  );
}
