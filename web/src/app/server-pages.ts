import type { PageQuery } from '@ehc/common';
import { matchRoutes } from 'react-router';
import { verifyQuery } from '../lib/certificate-api';
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
