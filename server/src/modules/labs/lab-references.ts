import { LABS, type LabInfo } from '@ehc/labs/catalogue';
import type { Catalogue } from '../courses/catalogue';

/**
 * Each lab names the lesson that teaches it; that lesson shows its "Try it" block. A lab
 * whose lesson is missing (renumbered, removed) would silently disappear from the course,
 * so `npm run check-content` lists every such lab.
 */
export function labReferenceProblems(course: Catalogue, labs: readonly LabInfo[] = LABS): string[] {
  return labs
    .filter((lab) => !course.lesson(lab.moduleId, lab.lessonNumber))
    .map((lab) => `lab ${lab.id}: its lesson ${lab.moduleId} ${lab.lessonNumber} does not exist`);
}
