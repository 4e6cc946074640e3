import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '../../components/ErrorPanel';
import { SiteFooter } from '../../components/SiteFooter';
import { legalPageQuery, type LegalSlug } from '../../lib/legal-api';
import { useDocumentTitle } from '../../lib/use-document-title';
// Legal pages are Markdown rendered by the same server code as lessons, so they share its typography.
import '../course-reader/lesson-content.css';
import { SiteHeader } from '../../components/SiteHeader';

/** `/terms`, `/privacy`, `/refunds`, `/contact`: public, written in content/legal/, seller filled in by the server. */
export function LegalPage({ slug }: { slug: LegalSlug }) {
  const page = useQuery(legalPageQuery(slug).options);
  const navigate = useNavigate();
  useDocumentTitle(page.data ? `${page.data.title} · Ethical Hacking Course` : 'Ethical Hacking Course');

  // Links between the pages are plain <a> tags in server HTML; follow them inside the app
  // instead of reloading it.
  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16 sm:px-6">
        {page.status === 'pending' && (
          <p role="status" className="mt-8 text-slate-300">
            Loading...
          </p>
        )}
        {(page.status === 'error' || (page.status === 'success' && !page.data)) && (
          <ErrorPanel onRetry={() => void page.refetch()} />
        )}
        {page.data && (
          <article>
            <h1 className="text-3xl font-extrabold text-white">{page.data.title}</h1>
            <div
              className="lesson-content mt-4"
              onClick={followInternalLink}
              // Sanitized on the server: markdown-it without raw HTML, settings values escaped.
              dangerouslySetInnerHTML={{ __html: page.data.html }}
            />
          </article>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
