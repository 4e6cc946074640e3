import { getJson } from './get-json';
import { gql } from './graphql';

/** The free sample lesson the seller offers, as the landing page links it. */
export interface SampleLessonLink {
  module_id: string;
  module_title: string;
  number: number;
  title: string;
  summary: string;
  path: string;
}

/** The sample lesson's text: the same document a subscriber's reader gets. */
export interface SampleLessonText {
  module_id: string;
  number: number;
  title: string;
  summary: string;
  html: string;
  reading_minutes: number;
}

export async function fetchSampleLessonLink(): Promise<SampleLessonLink | null> {
  const data = await gql<{ sampleLesson: SampleLessonLink | null }>(
    'GetSampleLesson',
    'query GetSampleLesson { sampleLesson { module_id module_title number title summary path } }',
  );
  return data.sampleLesson;
}

/** The text, when `moduleId`/`number` is the sample in force (else NOT_FOUND). */
export function fetchSampleLessonText(moduleId: string, number: string): Promise<SampleLessonText> {
  return getJson<SampleLessonText>(`/api/sample-lesson/${encodeURIComponent(moduleId)}/${encodeURIComponent(number)}`);
}
