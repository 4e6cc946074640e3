import { queryOptions } from '@tanstack/react-query';
import { getJson } from './get-json';
import type { GetSampleLessonQuery } from '../gql/graphql';
import { queryKeys } from './query-keys';
import { fieldQuery, graphql } from './graphql';

/** The free sample lesson the seller offers, as the landing page links it. */
export type SampleLessonLink = NonNullable<GetSampleLessonQuery['sampleLesson']>;

/** The sample lesson's text: the same document a subscriber's reader gets. */
export interface SampleLessonText {
  module_id: string;
  number: number;
  title: string;
  summary: string;
  html: string;
  reading_minutes: number;
}

const GetSampleLesson = graphql(`
  query GetSampleLesson {
    sampleLesson {
      module_id
      module_title
      number
      title
      summary
      path
    }
  }
`);

export const sampleLessonLink = fieldQuery(queryKeys.sampleLessonLink, GetSampleLesson, {}, 'sampleLesson', Infinity);

/** The text, when `moduleId`/`number` is the sample in force (else NOT_FOUND). */
export function fetchSampleLessonText(moduleId: string, number: string): Promise<SampleLessonText> {
  return getJson<SampleLessonText>(`/api/sample-lesson/${encodeURIComponent(moduleId)}/${encodeURIComponent(number)}`);
}

/** The sample lesson the landing page links to, or null; kept for the visit. */
export const sampleLessonLinkQuery = sampleLessonLink.options;

/** The sample lesson's text, kept for the visit; a lesson that is not the sample answers NOT_FOUND. */
export function sampleLessonQuery(moduleId: string, number: string) {
  return queryOptions({
    queryKey: queryKeys.sampleLesson(moduleId, number),
    queryFn: () => fetchSampleLessonText(moduleId, number),
    staleTime: Infinity,
  });
}
