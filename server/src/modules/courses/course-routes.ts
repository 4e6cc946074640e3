import type { FastifyInstance } from 'fastify';
import { SUBSCRIBERS_ONLY, hasCourseAccess } from '../../graphql/auth-scopes';
import { PreparedJson } from '../../http/prepared-json';
import { requestUser, type RequestSessionDeps } from '../../http/request-session';
import { AppError } from '../../lib/errors';
import type { Catalogue, CourseModule, Lesson } from './catalogue';

/**
 * The course's fixed text as plain GETs the browser can cache and revalidate, instead of
 * GraphQL POSTs rebuilt on every visit:
 * - `GET /api/catalogue`: the modules and their lesson titles, for any signed-in learner;
 * - `GET /api/catalogue/<version>`: the same at an address that names its content, which
 *   the browser keeps for a year without asking again (decisions/0018). The session
 *   document tells the web app the current address;
 * - `GET /api/lessons/<module>/<number>`: one lesson's body, for paid learners.
 * All are built once and answer a repeat visit with a 304. The learner's own session and
 * progress are GETs too (progress/learner-routes.ts); knowledge-check attempts stay in GraphQL.
 */
const CATALOGUE_PATH = '/api/catalogue';

/** A lesson number as it appears in an address: 1 to 9999, no leading zero. */
const LESSON_NUMBER = /^[1-9]\d{0,3}$/;

/** The address of a lesson's text document, when `numberText` names a lesson of the course. */
export function lessonDocumentPath(catalogue: Catalogue, moduleId: string, numberText: string): string | null {
  if (!LESSON_NUMBER.test(numberText) || !catalogue.lesson(moduleId, Number(numberText))) return null;
  return `/api/lessons/${moduleId}/${numberText}`;
}

export function registerCourseRoutes(
  app: FastifyInstance,
  services: RequestSessionDeps,
  documents: CourseDocuments,
): void {
  app.get(CATALOGUE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await requestUser(request, services))) throw AppError.unauthenticated();
    return documents.catalogue.send(request, reply);
  });

  app.get<{ Params: { version: string } }>(`${CATALOGUE_PATH}/:version`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await requestUser(request, services))) throw AppError.unauthenticated();
    // An older version (a tab open across a deploy) gets today's catalogue, revalidated
    // like the plain address: only the content the address names may be kept for good.
    const current = request.params.version === documents.catalogueVersion;
    return documents.catalogue.send(request, reply, current ? 'immutable' : 'revalidated');
  });

  app.get<{ Params: { module: string; number: string } }>('/api/lessons/:module/:number', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requestUser(request, services);
    if (!user) throw AppError.unauthenticated();
    if (!hasCourseAccess(user)) throw AppError.forbidden(SUBSCRIBERS_ONLY);
    const lesson = documents.lesson(request.params.module, request.params.number);
    if (!lesson) throw AppError.notFound('That lesson does not exist.');
    return lesson.send(request, reply);
  });
}

/** The catalogue at once, each lesson on its first request; the content never changes while running. */
export class CourseDocuments {
  readonly catalogue: PreparedJson;
  /** Names the catalogue's content: its ETag without the quotes. */
  readonly catalogueVersion: string;
  /** Where the web app reads the catalogue: the address that may be cached for good. */
  readonly cataloguePath: string;
  private readonly lessons = new Map<string, PreparedJson>();

  constructor(private readonly source: Catalogue) {
    this.catalogue = new PreparedJson({ catalogue: source.modules.map(presentModule) });
    this.catalogueVersion = this.catalogue.etag.slice(1, -1);
    this.cataloguePath = `${CATALOGUE_PATH}/${this.catalogueVersion}`;
  }

  lesson(moduleId: string, numberText: string): PreparedJson | undefined {
    if (!LESSON_NUMBER.test(numberText)) return undefined;
    const key = `${moduleId}/${numberText}`;
    let document = this.lessons.get(key);
    if (!document) {
      const lesson = this.source.lesson(moduleId, Number(numberText));
      if (!lesson) return undefined;
      document = new PreparedJson(presentLesson(this.source.module(moduleId)!, lesson));
      this.lessons.set(key, document);
    }
    return document;
  }
}

function presentModule(module: CourseModule) {
  return {
    id: module.id,
    title: module.title,
    description: module.description,
    icon: module.icon,
    difficulty: module.difficulty,
    lesson_count: module.lessons.length,
    lessons: module.lessons.map(({ number, title, summary }) => ({ number, title, summary })),
  };
}

function presentLesson(module: CourseModule, lesson: Lesson) {
  return {
    module_id: module.id,
    number: lesson.number,
    title: lesson.title,
    summary: lesson.summary,
    html: lesson.html,
    sections: lesson.sections,
    reading_minutes: lesson.readingMinutes,
    module_intro_html: module.introHtml,
  };
}
