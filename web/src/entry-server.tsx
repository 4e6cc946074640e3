import type { PageAnswer, PageRenderer } from '@ehc/common';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { learnerPageQueries, pageQueries } from './app/server-pages';
import { createQueryClient } from './lib/query-client';

/**
 * The server's way into the web app (built by `vite build --ssr`, loaded by
 * server/src/http/server-render.ts): which pages it renders, and their HTML from the
 * answers of their queries (docs/decisions/0041, 0043).
 */
export const renderer: PageRenderer = {
  pageQueries,
  learnerPageQueries,
  async renderPage(path: string, answers: PageAnswer[]): Promise<string> {
    const queryClient = createQueryClient();
    for (const answer of answers) queryClient.setQueryData(answer.queryKey, answer.data);
    const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
    // prerender waits for the page's lazily loaded code, so the HTML is the whole page,
    // never its "Loading..." fallback.
    const { prelude } = await prerender(
      <StrictMode>
        <App queryClient={queryClient} Router={Router} />
      </StrictMode>,
    );
    return new Response(prelude).text();
  },
};
