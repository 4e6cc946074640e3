import type { MouseEvent } from 'react';

interface LessonBodyProps {
  /** Server-rendered, sanitized HTML (server/src/modules/courses/markdown.ts). */
  html: string;
  /** Tells screen-reader users what a copy button did. */
  announce(message: string): void;
}

/** How long a copy button shows its result before reading "Copy" again. */
const COPIED_FOR_MS = 2_000;

/**
 * A lesson's body. Its code blocks arrive with a "Copy" button already in the HTML; one
 * handler here serves them all.
 */
export function LessonBody({ html, announce }: LessonBodyProps) {
  async function copyCode(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-copy-code]');
    const code = button?.closest('.code-block')?.querySelector('pre code')?.textContent;
    if (!button || code == null) return;
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = 'Copied ✓';
      announce('Code copied to the clipboard.');
    } catch {
      button.textContent = 'Copy failed';
      announce('The code could not be copied. Select it and copy it instead.');
    }
    setTimeout(() => (button.textContent = 'Copy'), COPIED_FOR_MS);
  }

  return (
    // The click handler only serves the copy buttons inside; they are real buttons, so the
    // keyboard reaches them and Enter or Space clicks them.
    <div
      className="lesson-content mt-8"
      onClick={(event) => void copyCode(event)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
