/** "100+" for 108 lessons: the count shown is always rounded down from the real catalogue. */
export function lessonCountLabel(count: number | null): string | null {
  if (count === null || count < 10) return count === null ? null : String(count);
  return `${Math.floor(count / 10) * 10}+`;
}
