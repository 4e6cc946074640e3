/**
 * The module's introduction with its authorized-testing note: open on the first lesson,
 * folded (one tap away) on every other, so it never pushes a lesson down the screen.
 */
export function ModuleIntro({ html, open }: { html: string; open: boolean }) {
  return (
    <details open={open} className="mt-6 rounded-xl border border-sky-500/30 bg-sky-500/10 text-sm text-sky-50">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">About this module</summary>
      {/* Server-rendered, sanitized HTML from content/modules/<id>/module.md. */}
      <div className="lesson-content lesson-content--compact px-4 pb-4" dangerouslySetInnerHTML={{ __html: html }} />
    </details>
  );
}
