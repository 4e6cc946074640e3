import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import type { BusinessSettings } from '../settings/business-settings';
import type { Catalogue } from './catalogue';
import type { CourseDocuments } from './course-routes';
import { isSampleLesson, sampleLessonOf } from './sample-lesson';

/** What the sample lesson route reads: the seller's choice of lesson, and the course. */
export interface SampleLessonServices {
  settings(): Promise<BusinessSettings>;
  catalogue: Catalogue;
}

/**
 * `GET /api/sample-lesson/<module>/<number>`: the free sample lesson's text, for anyone,
 * signed in or not: the same document a subscriber's reader gets, and only for the lesson the
 * seller chose (any other answers 404, as if it did not exist). The seller may choose another
 * at any time, so a visitor's browser revalidates it (ETag, 304) rather than keeping it.
 */
export function registerSampleLessonRoutes(
  app: FastifyInstance,
  services: SampleLessonServices,
  documents: CourseDocuments,
): void {
  app.get<{ Params: { module: string; number: string } }>(
    '/api/sample-lesson/:module/:number',
    async (request, reply) => {
      // A refusal is never kept; the lesson itself says how it may be kept (prepared-json.ts).
      reply.header('cache-control', 'no-store');
      const { module, number } = request.params;
      const sample = sampleLessonOf(await services.settings(), services.catalogue);
      const document = isSampleLesson(sample, module, number) ? documents.lesson(module, number) : undefined;
      if (!document) throw AppError.notFound('That lesson is not a free sample.');
      return document.send(request, reply, 'revalidated');
    },
  );
}
