import { contentDirSetting } from './lib/env';
import { ContentError, loadCatalogue } from './modules/courses/content-loader';
import { labReferenceProblems } from './modules/labs/lab-references';

/**
 * `npm run check-content [-- <content dir>]`: the checks the server makes at boot, without
 * booting it, so a writer sees every problem in their lessons and questions at once.
 */
const dir = process.argv[2] ?? contentDirSetting();
try {
  const catalogue = loadCatalogue(dir);
  const labProblems = labReferenceProblems(catalogue);
  if (labProblems.length > 0) throw new ContentError(labProblems);
  const lessons = catalogue.modules.flatMap((m) => m.lessons);
  const questions = lessons.reduce((sum, lesson) => sum + lesson.questions.length, 0);
  const without = lessons.filter((lesson) => lesson.questions.length === 0).length;
  console.log(
    `Content is valid: ${lessons.length} lessons, ${questions} questions (${without} lessons without questions), every lab in its lesson.`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
