// The help centre of a made-up payments app. Its search page echoes the search term into
// the HTML without encoding it (the one deliberate flaw). A support agent, simulated on the
// server, opens any link of this help centre that the learner sends: the lab renders the
// page the agent's browser would receive for that link, with the same page functions the
// routes use, and asks the simulated victim whether that page would run script.
import { esc, page, redirect, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { readLabLink, type LabLinkRefusal } from '../host/lab-links';

const ARTICLES = [
  { title: 'A UPI payment failed but money left my account', views: 18420 },
  { title: 'How to reset your UPI PIN', views: 12033 },
  { title: 'Changing the mobile number linked to Tijori Pay', views: 7311 },
  { title: 'Which KYC documents do you accept?', views: 6870 },
  { title: 'Refund timelines for cancelled orders', views: 5402 },
  { title: 'Reporting a payment I did not make', views: 3981 },
];

const AGENT = 'Meera Iyer';
const MAX_LINK = 2000;

function searchForm(q = ''): string {
  return `<form method="get" action="search" class="lab-form" role="search">
  <label>Search the help centre <input name="q" value="${esc(q)}" autocapitalize="off" spellcheck="false"></label>
  <button type="submit">Search</button>
</form>`;
}

function homePage(): LabResponse {
  const popular = ARTICLES.slice(0, 4)
    .map((a) => `<li>${esc(a.title)}</li>`)
    .join('');
  return page(
    'Tijori Pay Help Centre',
    `<h1>Tijori Pay Help Centre</h1>
<p>Answers to common questions about payments, refunds and your account.</p>
${searchForm()}
<h2>Popular articles</h2>
<ul>${popular}</ul>
<section class="lab-card" id="deliver" aria-labelledby="deliver-title">
<h2 id="deliver-title">Send this link to the support agent</h2>
<p>Found a page of this help centre that looks wrong? Paste its link and ${AGENT}, a support agent who is signed in to the staff console, will open it.</p>
<form method="post" action="deliver" class="lab-form">
  <label>Link to a page of this help centre <input name="url" inputmode="url" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder="search?q=…" required></label>
  <button type="submit">Send to ${AGENT}</button>
</form>
</section>`,
  );
}

function searchPage(query: URLSearchParams): LabResponse {
  const q = query.get('q') ?? '';
  const needle = q.trim().toLowerCase();
  const hits = needle ? ARTICLES.filter((a) => a.title.toLowerCase().includes(needle)) : [];
  const list = hits.map((a) => `<li>${esc(a.title)} <small>(${a.views} views)</small></li>`).join('');
  // The flaw: the search term goes into the HTML body as it came, not through esc().
  const summary = q
    ? `<p>${hits.length} ${hits.length === 1 ? 'result' : 'results'} for <strong>${q}</strong></p>`
    : '';
  return page(
    'Search',
    `<h1>Search</h1>
${searchForm(q)}
${summary}
${list ? `<ul>${list}</ul>` : q ? '<p>Try fewer words, or ask support.</p>' : ''}
<p><a href="./#deliver">Send a link to the support agent</a></p>`,
  );
}

/** The pages a browser can GET here, by path relative to the instance: the routes and the agent share them. */
const PAGES: Record<string, (query: URLSearchParams) => LabResponse> = {
  '/': () => homePage(),
  '/search': searchPage,
};

/**
 * A link the learner pasted, as the agent's browser would open it: its path relative
 * to the instance and the query, or the reason the agent will not open it.
 */
function readLink(raw: string, lab: LabTools): { path: string; query: URLSearchParams } | { refused: string } {
  const link = readLabLink(raw, lab.base, MAX_LINK);
  if ('refused' in link) return { refused: REFUSALS[link.refused] };
  return { path: link.path, query: link.url.searchParams };
}

const REFUSALS: Record<LabLinkRefusal, string> = {
  empty: 'Paste a link first.',
  'not-a-link': 'That is not a link the agent can open.',
  'not-web': `${AGENT} only opens web links (http or https) to this help centre.`,
  elsewhere: `That link is not a page of this lab. ${AGENT} only opens links to this help centre.`,
};

const target: LabTarget = {
  id: 'web-xss-reflected',
  scripts: 'inline',
  routes: {
    'GET /': () => PAGES['/']!(new URLSearchParams()),
    'GET /search': (request) => PAGES['/search']!(request.query),
    'GET /deliver': (_request, lab) => redirect(lab, '/'),
    'POST /deliver': (request, lab) => {
      const raw = request.form().get('url') ?? '';
      const link = readLink(raw, lab);
      if ('refused' in link) {
        return page(
          'Link not sent',
          `<h1>Link not sent</h1><p class="lab-error" role="alert">${esc(link.refused)}</p><p><a href="./#deliver">Try another link</a></p>`,
          { status: 400 },
        );
      }
      // The agent's browser asks this lab for the page, exactly as the learner's would.
      const render = PAGES[link.path];
      const received = render ? render(link.query) : undefined;
      const ran = received ? lab.victimWouldRunScript(received.body) : false;
      const opened = `<p>${AGENT} opened <code>${esc(raw.trim())}</code> while signed in to the staff console.</p>`;
      if (ran) {
        const flag = lab.solve();
        return page(
          'Link delivered',
          `<h1>Link delivered</h1>${opened}<p>Your script ran in her browser, on the help centre's own site, with her session. That is reflected XSS.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      const what = received
        ? `<p>The page loaded normally: nothing in it ran script.</p><details><summary>What her browser received</summary><pre>${esc(received.body)}</pre></details>`
        : '<p>She got a "Not found" page: this help centre has no page at that address.</p>';
      return page(
        'Link delivered',
        `<h1>Link delivered</h1>${opened}${what}<p><a href="./#deliver">Send another link</a></p>`,
      );
    },
  },
};

export default target;
