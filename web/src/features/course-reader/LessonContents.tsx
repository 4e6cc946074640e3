import type { LessonBody } from '../../lib/course-api';

/** "12 min read", and the lesson's sections as links to their headings. */
export function LessonContents({ lesson }: { lesson: LessonBody }) {
  const minutes = `${lesson.reading_minutes} min read`;
  if (lesson.sections.length < 2) {
    return <p className="mt-3 text-sm text-slate-400">{minutes}</p>;
  }
  return (
    <details className="mt-4 rounded-xl border border-slate-800 bg-slate-900/60 text-sm print:hidden">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-slate-200">
        In this lesson · {lesson.sections.length} sections · {minutes}
      </summary>
      <nav aria-label="In this lesson" className="px-4 pb-3">
        <ol className="list-decimal space-y-1 pl-5 text-slate-300">
          {lesson.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-11 items-center underline-offset-2 hover:text-white hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </details>
  );
}
