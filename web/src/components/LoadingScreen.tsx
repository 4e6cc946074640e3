export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <p className="text-lg text-slate-300">Loading...</p>
    </div>
  );
}
