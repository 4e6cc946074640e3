/**
 * The content bar of docs (shared/docs/content-guide.md) as code: the sections every
 * lesson has, in order, and the minimum amount of prose. The loader only checks what
 * the platform needs to serve a lesson; this checks what a learner pays for.
 */
export const REQUIRED_SECTIONS = [
  '## Learning objectives',
  '## Hands-on lab',
  '## Defenses',
  '## Key takeaways',
  '## Further reading',
] as const;

export const MIN_PROSE_WORDS = 700;

/** Words outside fenced code blocks (headings, lists and tables count as prose). */
export function proseWordCount(markdownBody: string): number {
  return markdownBody
    .replace(/^```[\s\S]*?^```/gm, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Problems with one lesson body (front matter already removed); empty when it meets the bar. */
export function lessonQualityProblems(body: string): string[] {
  const problems: string[] = [];
  const headings = body
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.trim());

  const positions = REQUIRED_SECTIONS.map((section) => headings.indexOf(section));
  REQUIRED_SECTIONS.forEach((section, i) => {
    if (positions[i] === -1) problems.push(`lacks the section "${section}"`);
  });
  const found = positions.filter((p) => p !== -1);
  if (found.some((p, i) => i > 0 && p < found[i - 1]!)) {
    problems.push(`sections are out of order (expected ${REQUIRED_SECTIONS.join(', ')})`);
  }
  const objectives = positions[0]!;
  const lab = positions[1]!;
  if (objectives !== -1 && lab !== -1 && lab - objectives - 1 < 2) {
    problems.push('needs at least two concept sections between "Learning objectives" and "Hands-on lab"');
  }
  const labText = /^## Hands-on lab\s*\n([\s\S]*?)(?=^## )/m.exec(body)?.[1] ?? '';
  if (lab !== -1 && !/lab set-?up/i.test(labText)) problems.push('the Hands-on lab does not state its lab set-up');
  // docs/content-format.md: what the lab was run or checked against, and when.
  const tested = labText.match(/^\*\*Tested with:\*\* .+\b(19|20)\d{2}\b/gm) ?? [];
  if (lab !== -1 && tested.length !== 1) {
    problems.push('the Hands-on lab needs one "**Tested with:** <tools and versions>, <month year>" line');
  }

  const words = proseWordCount(body);
  if (words < MIN_PROSE_WORDS) problems.push(`has ${words} words of prose; at least ${MIN_PROSE_WORDS} are needed`);
  return problems;
}
