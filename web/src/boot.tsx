/**
 * The app itself, started by main.tsx once the page has painted: the session, the router,
 * the page in the address, and React rendering it (or adopting the server's HTML).
 */
import { PAGE_ANSWERS_ID, type PageAnswer } from '@ehc/common';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { startPageOfPath } from './app/lazy-pages';
import { queryClient } from './lib/query-client';
import { queryKeys } from './lib/query-keys';
import { isFirstScreenLive } from './lib/first-screen';
import { initTracking } from './lib/tracking';

initTracking();
// The page in the address loads alongside the session check, not after it.
startPageOfPath(location.pathname);

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} Router={BrowserRouter} />
  </StrictMode>
);
// A page the server rendered (docs/decisions/0041, 0043) carries the answers it was
// rendered from: the query cache starts with them, so the first render here is the
// server's, and React adopts its HTML instead of painting the page again.
const answers = document.getElementById(PAGE_ANSWERS_ID);
if (answers) {
  for (const answer of JSON.parse(answers.textContent!) as PageAnswer[]) {
    queryClient.setQueryData(answer.queryKey, answer.data);
  }
}
// A learner's page leaves out the catalogue, which the browser keeps for good under an
// address that names its content (lib/course-api.ts): React adopts the page once it has
// read it, from its own cache after the first visit.
const catalogueRead =
  queryClient.getQueryData(queryKeys.session) && !queryClient.getQueryData(queryKeys.catalogue)
    ? import('./lib/course-api').then(({ catalogueQuery }) => queryClient.prefetchQuery(catalogueQuery))
    : Promise.resolve();
void catalogueRead.then(start);

function start() {
  // Back pressed while the code loaded: the HTML is another address's, so it is painted anew.
  const renderedPath = answers?.dataset.path;
  const adopt = renderedPath === location.pathname;
  // As a transition: React renders (or adopts) the first screen in slices of a few
  // milliseconds instead of one long task, so a phone's main thread is never blocked for
  // long while the page loads (decision 0025).
  startTransition(() => {
    if (adopt) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // Back or Forward pressed while React adopts the page changes the address before the
  // router listens: the router would miss it, or React would meet another address's HTML.
  // The browser loads that address instead (the server renders it). So does a link to an
  // anchor the app reads (the landing page's #get-started). The skip link's #main is the
  // browser's alone, and reloading for it would take away the focus it gave <main>.
  if (adopt) {
    const { search } = location;
    addEventListener('popstate', () => {
      if (isFirstScreenLive()) return;
      const skipLinkMove =
        location.pathname === renderedPath && location.search === search && location.hash === '#main';
      if (!skipLinkMove) location.reload();
    });
  }
}
