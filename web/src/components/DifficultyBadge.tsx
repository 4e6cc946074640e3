// Spec §9: Beginner green, Intermediate amber, Advanced red. The schema types a difficulty
// as a string (the content and the lab catalogue hold only these three): any other gets no colour.
const STYLES: Record<string, string> = {
  Beginner: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  Intermediate: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  Advanced: 'bg-red-500/15 text-red-300 ring-red-500/40',
};

export function DifficultyBadge({ difficulty }: { difficulty: string }) {
  return (
    <span
      data-difficulty={difficulty}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STYLES[difficulty] ?? ''}`}
    >
      {difficulty}
    </span>
  );
}
