// A greeting-card site whose page script (app.js) reads the name from the link's #fragment
// and writes it into the card with innerHTML (the one deliberate flaw). The server never
// sees a fragment, so the page it sends is always the same, safe one. The learner sends a
// card link to a simulated friend; the lab emulates what app.js does in the friend's
// browser: it takes the fragment of that link the way app.js reads it, builds the string
// app.js assigns, and asks the simulated victim whether that string, written with
// innerHTML, would run script (script elements inserted that way never run).
import { esc, page, redirect, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { readLabLink, type LabLinkRefusal } from '../host/lab-links';
import { wouldRunScript } from '../host/victim';

const FRIEND = 'Ananya Kulkarni';
const MAX_LINK = 2000;

// app.js and the server's emulation of it share these, so they cannot drift apart.
const GREETING_BEFORE = 'Shubh Deepavali, <strong>';
const GREETING_AFTER = '</strong>! May this year bring you light and laughter.';
const DEFAULT_NAME = 'dear friend';

const APP_JS = `// Rangoli Cards: writes the name from the link's #fragment into the card.
(function () {
  var card = document.getElementById('card-greeting');
  if (!card) return;
  var link = document.getElementById('card-link');
  var form = document.getElementById('card-form');

  function render() {
    var raw = location.hash.slice(1);
    var name;
    try {
      name = decodeURIComponent(raw);
    } catch (error) {
      name = raw;
    }
    if (!name) name = ${JSON.stringify(DEFAULT_NAME)};
    card.innerHTML = ${JSON.stringify(GREETING_BEFORE)} + name + ${JSON.stringify(GREETING_AFTER)};
    if (link) link.textContent = location.href;
  }

  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      location.hash = encodeURIComponent(form.elements.to.value);
    });
  }
  window.addEventListener('hashchange', render);
  render();
})();
`;

function homePage(): LabResponse {
  return page(
    'Rangoli Cards',
    `<h1>Rangoli Cards</h1>
<p>Make a Deepavali card and share its link. The name travels in the link itself.</p>
<div class="lab-card" id="card-greeting" aria-live="polite">${GREETING_BEFORE}${esc(DEFAULT_NAME)}${GREETING_AFTER}</div>
<form class="lab-form" id="card-form">
  <label>Who is the card for? <input name="to" autocomplete="off" maxlength="200"></label>
  <button type="submit">Make my card</button>
</form>
<p>Link to your card: <code id="card-link">(make a card first)</code></p>
<section class="lab-card" id="deliver" aria-labelledby="deliver-title">
<h2 id="deliver-title">Send the card to ${FRIEND}</h2>
<p>Paste the link of a card on this site. ${FRIEND}, who is signed in here, will open it in her browser.</p>
<form method="post" action="deliver" class="lab-form">
  <label>Card link <input name="url" inputmode="url" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder="https://…/#Ananya" required></label>
  <button type="submit">Send to ${FRIEND}</button>
</form>
</section>
<p><small>Cards are drawn in your browser by <a href="/_lab/target/web-xss-dom/app.js">app.js</a>.</small></p>`,
  );
}

/** The pages a browser can GET here, by path relative to the instance. Only the card page has the card. */
const PAGES: Record<string, () => LabResponse> = { '/': homePage };

/** The name app.js reads from a link's fragment (`#…`, as `location.hash` gives it). */
export function nameFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  return name || DEFAULT_NAME;
}

/**
 * Whether app.js would run script in the victim's browser when it sets
 * `card.innerHTML = GREETING_BEFORE + name + GREETING_AFTER` (the card is a div).
 */
export function sinkWouldRunScript(name: string): boolean {
  return wouldRunScript(`${GREETING_BEFORE}${name}${GREETING_AFTER}`, 'innerHTML');
}

/** A link the learner pasted: a path of this lab (`/#…`) or a full URL of this instance. */
function readLink(raw: string, lab: LabTools): { path: string; hash: string } | { refused: string } {
  const link = readLabLink(raw, lab.base, MAX_LINK);
  if ('refused' in link) return { refused: REFUSALS[link.refused] };
  // URL has already percent-encoded the fragment as a browser's location.hash shows it.
  return { path: link.path, hash: link.url.hash };
}

const REFUSALS: Record<LabLinkRefusal, string> = {
  empty: 'Paste a link first.',
  'not-a-link': 'That is not a link she can open.',
  'not-web': `${FRIEND} only opens web links (http or https) to this card site.`,
  elsewhere: `That link is not a page of this lab. ${FRIEND} only opens cards from this site.`,
};

const target: LabTarget = {
  id: 'web-xss-dom',
  scripts: 'inline',
  assets: { 'app.js': APP_JS },
  routes: {
    'GET /': () => PAGES['/']!(),
    'GET /deliver': (_request, lab) => redirect(lab, '/'),
    'POST /deliver': (request, lab) => {
      const raw = request.form().get('url') ?? '';
      const link = readLink(raw, lab);
      if ('refused' in link) {
        return page(
          'Card not sent',
          `<h1>Card not sent</h1><p class="lab-error" role="alert">${esc(link.refused)}</p><p><a href="./#deliver">Try another link</a></p>`,
          { status: 400 },
        );
      }
      const opened = `<p>${FRIEND} opened <code>${esc(raw.trim())}</code>.</p>`;
      // What the server sends: the page without the fragment, which never leaves her browser.
      const received = PAGES[link.path]?.();
      if (!received) {
        return page(
          'Card sent',
          `<h1>Card sent</h1>${opened}<p>She got a "Not found" page: there is no card at that address.</p><p><a href="./#deliver">Send another link</a></p>`,
        );
      }
      // Then app.js runs in her browser, on that page, with her location.hash.
      const name = nameFromHash(link.hash);
      const ran = lab.victimWouldRunScript(received.body) || sinkWouldRunScript(name);
      if (ran) {
        const flag = lab.solve();
        return page(
          'Card sent',
          `<h1>Card sent</h1>${opened}<p>The card page's own script wrote the fragment into the page with <code>innerHTML</code>, and your markup ran script in her browser, on this site and with her session. The server never saw your payload: that is DOM-based XSS.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      return page(
        'Card sent',
        `<h1>Card sent</h1>${opened}<p>Her card was made for the name below, and nothing in it ran script.</p><pre>${esc(name)}</pre><p><a href="./#deliver">Send another link</a></p>`,
      );
    },
  },
};

export default target;
