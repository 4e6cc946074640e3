import type { PageQuery } from '@ehc/common';
import { matchRoutes } from 'react-router';
import { parseLessonNumber } from '../features/course-reader/lesson-navigation';
import { verifyQuery } from '../lib/certificate-api';
import { cataloguePageQuery, lessonPageQuery } from '../lib/course-api';
import { labsPageQuery } from '../lib/labs-api';
import { queryKeys } from '../lib/query-keys';
import type { SessionDocument } from '../lib/session';
import { legalPageQuery, type LegalSlug } from '../lib/legal-api';
import { pricing } from '../lib/pricing-api';
import { sampleLessonLink } from '../lib/sample-lesson-api';

/**
 * The public pages the server sends as HTML before any script runs (docs/decisions/0041),
 * each with the queries it shows the answers of: the landing page (what the course is and
 * costs), the legal pages, and `/verify` (a certificate's check, opened from CVs and
 * LinkedIn, must read with scripts off). Every other page is the app shell, rendered in the
 * browser. The queries are the ones the pages' own `useQuery` calls make.
 */
export function pageQueries(path: string): PageQuery[] | null {
  if (path === '/') return [pricing.request, sampleLessonLink.request];
  if (path === '/verify') return [];
  // Matched as the router matches, which decodes the path: the id is the page's own.
  const lookup = matchRoutes([{ path: '/verify/:certificateId' }], path)?.[0];
  if (lookup) return [verifyQuery(lookup.params.certificateId!).request];
  const legal = matchRoutes([{ path: '/:slug' }], path)?.[0]?.params.slug;
  if (legal && LEGAL_SLUGS.includes(legal as LegalSlug)) return [legalPageQuery(legal as LegalSlug).request];
  return null;
}

const LEGAL_SLUGS: readonly LegalSlug[] = ['terms', 'privacy', 'refunds', 'contact'];

/**
 * The signed-in learner's first screens, rendered by the server for them
 * (docs/decisions/0043): the dashboard, and a lesson of the reader (its payment screen for a
 * learner who has not paid). `session` is GET /api/session's answer for the visitor: the
 * page carries it, with the progress it holds, so the browser neither asks who is signed in
 * nor for the progress. Every other signed-in page (the account, the console, an address
 * the reader sends on to the resume point, the welcome after paying, which depends on this
 * device) is the app shell, rendered in the browser.
 */
export function learnerPageQueries(path: string, session: unknown): PageQuery[] | null {
  const { me, progress, catalogue_path } = session as SessionDocument;
  if (!me || !progress) return null;
  const known = [
    answered(queryKeys.session, session),
    answered(queryKeys.progress(me.user_id), progress),
    // Not carried: the browser keeps it for good, and reads it before adopting the page (boot.tsx).
    { ...cataloguePageQuery(catalogue_path), carried: false },
  ];
  if (path === '/dashboard') return me.payment_status ? [...known, labsPageQuery] : known;
  const reader = matchRoutes([{ path: '/course/:moduleId/:lessonNumber' }], path)?.[0]?.params;
  const number = parseLessonNumber(reader?.lessonNumber);
  if (!reader || number === null) return null;
  if (!me.payment_status) return known;
  return [...known, lessonPageQuery(reader.moduleId!, number), labsPageQuery];
}

/** An entry the server already holds the data of. */
function answered(queryKey: readonly unknown[], data: unknown): PageQuery {
  return { queryKey, requests: [], data: () => data };
}
