// A fictional logistics company's public website, as an OSINT target. Nothing on it lists
// the finance head's email address, but the site leaks the company's address format in a
// blog post (a named colleague's address) and in document metadata (author usernames).
// The learner combines the team page (who heads finance today) with that format and
// submits the address. The format and the finance head differ per start of the lab.
import { esc, page, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';

const COMPANY = 'Kesari Freight & Logistics';
const DOMAIN = 'kesarifreight.example';

interface Person {
  first: string;
  last: string;
  role: string;
  bio: string;
}

type Format = 'first.last' | 'f.last' | 'firstl' | 'first_last' | 'last.first';
const FORMATS: Format[] = ['first.last', 'f.last', 'firstl', 'first_last', 'last.first'];

/** The mailbox name of `person` in `format`. */
export function localPart(format: Format, person: Pick<Person, 'first' | 'last'>): string {
  const first = person.first.toLowerCase();
  const last = person.last.toLowerCase();
  switch (format) {
    case 'first.last':
      return `${first}.${last}`;
    case 'f.last':
      return `${first[0]}.${last}`;
    case 'firstl':
      return `${first}${last[0]}`;
    case 'first_last':
      return `${first}_${last}`;
    case 'last.first':
      return `${last}.${first}`;
  }
}

const FINANCE_HEADS: Pick<Person, 'first' | 'last' | 'bio'>[] = [
  {
    first: 'Meenakshi',
    last: 'Iyer',
    bio: 'Chartered accountant; spent nine years in shipping audit before joining us.',
  },
  { first: 'Farhan', last: 'Qureshi', bio: 'Joined from a Mumbai freight forwarder, where he ran treasury.' },
  { first: 'Lakshmi', last: 'Venkatesan', bio: 'Cost accountant; leads budgeting, payables and GST filings.' },
  { first: 'Gurpreet', last: 'Sandhu', bio: 'Came to Kesari from a Ludhiana auto-parts exporter.' },
  { first: 'Nandini', last: 'Bhattacharya', bio: 'Led the move of our books to the cloud in 2025.' },
  { first: 'Joseph', last: 'Mathew', bio: 'Chartered accountant and a keen marathon runner.' },
];

const EVENTS_LEAD: Person = {
  first: 'Ananya',
  last: 'Rao',
  role: 'Events & Partnerships Lead',
  bio: 'Runs our presence at trade shows and customer days.',
};
const SUSTAINABILITY: Person = {
  first: 'Mohan',
  last: 'Kulkarni',
  role: 'Sustainability Manager',
  bio: 'Measures and cuts the emissions of our fleet.',
};
const ACCOUNTS_EXEC: Person = {
  first: 'Rohit',
  last: 'Malhotra',
  role: 'Accounts Executive',
  bio: 'Handles vendor onboarding and payment runs.',
};
const FORMER_HEAD = { first: 'Suresh', last: 'Pillai' };

interface Company {
  format: Format;
  financeHead: Person;
  team: Person[];
}

/** This start of the lab's company: its address format and its current head of finance. */
function company(lab: Pick<LabTools, 'instanceSecret'>): Company {
  const secret = lab.instanceSecret('osint-company');
  const format = FORMATS[parseInt(secret.slice(0, 8), 16) % FORMATS.length]!;
  const head = FINANCE_HEADS[parseInt(secret.slice(8, 16), 16) % FINANCE_HEADS.length]!;
  const financeHead: Person = { ...head, role: 'Head of Finance & Accounts' };
  const team: Person[] = [
    { first: 'Vikram', last: 'Joshi', role: 'Managing Director', bio: 'Took over the family business in 2012.' },
    { first: 'Karthik', last: 'Subramanian', role: 'Head of Operations', bio: 'Keeps 140 trucks moving.' },
    financeHead,
    { first: 'Priya', last: 'Nair', role: 'Head of People', bio: 'Hiring across Pune, Kochi and Nagpur.' },
    {
      first: 'Zoya',
      last: 'Sheikh',
      role: 'IT & Security Lead',
      bio: 'Looks after our systems and our phishing drills.',
    },
    EVENTS_LEAD,
    SUSTAINABILITY,
    ACCOUNTS_EXEC,
  ];
  return { format, financeHead, team };
}

export function expectedEmail(lab: Pick<LabTools, 'instanceSecret'>): string {
  const { format, financeHead } = company(lab);
  return `${localPart(format, financeHead)}@${DOMAIN}`;
}

// Links carry the instance base: pages sit at different depths (/blog/<post>).
function nav(base: string): string {
  const link = (path: string, label: string) => `<a href="${base}/${path}">${label}</a>`;
  return `<nav aria-label="Site"><p>${link('', 'Home')} · ${link('about', 'About')} · ${link('team', 'Team')} · ${link('blog', 'Blog')} · ${link('careers', 'Careers')} · ${link('downloads', 'Downloads')} · ${link('submit', 'Submit finding')}</p></nav>`;
}

function site(lab: Pick<LabTools, 'base'>, title: string, body: string, status = 200): LabResponse {
  return page(`${title} | ${COMPANY}`, `${nav(lab.base)}\n${body}`, { status });
}

const ETHICS = `<section class="lab-card" aria-labelledby="ethics-title">
<h2 id="ethics-title">Before you start: this is an exercise</h2>
<p>${COMPANY} and every person on this site are <strong>fictional</strong>. The site exists for you to practise passive OSINT for an authorised social engineering assessment.</p>
<p>In a real engagement, OSINT stays inside the written scope and rules of engagement:</p>
<ul>
<li>Read what the organisation itself published; do not contact staff, call reception or send "test" emails unless the rules of engagement allow it.</li>
<li>Do not confirm addresses by probing the mail server (<code>RCPT TO</code>) or password-reset pages without written permission: that is active reconnaissance.</li>
<li>Leave private and personal accounts, family members, health, religion and finances alone, and never search breach dumps.</li>
<li>Collect only what the pretext needs, store it encrypted and delete it on the agreed date (the DPDP Act, 2023 way of working).</li>
</ul>
</section>`;

const POSTS: Record<string, { title: string; date: string; body: (c: Company) => string }> = {
  'warehousing-show-2026': {
    title: 'Meet us at the India Warehousing Show 2026',
    date: '12 January 2026',
    body: (
      c,
    ) => `<p>We are back at the India Warehousing Show at Pragati Maidan, New Delhi, from 18 to 20 February, at stall B-14 in Hall 5. Come and see the live tracking dashboard our customers use for every consignment.</p>
<p>Want a fixed slot with our team? Ananya, who runs our events, is keeping the calendar: write to her at <a href="mailto:${localPart(c.format, EVENTS_LEAD)}@${DOMAIN}">${localPart(c.format, EVENTS_LEAD)}@${DOMAIN}</a>.</p>
<p>Our finance team will be there on the 19th for customers who want to talk about consolidated monthly billing.</p>`,
  },
  'kochi-cold-chain-hub': {
    title: 'A cold-chain hub for Kochi',
    date: '3 November 2025',
    body: () => `<p>Our new 40,000 sq ft temperature-controlled hub near Kalamassery is open. Seafood exporters and pharma distributors in Kerala can now store at 2–8 °C and −18 °C and ship the same day.</p>
<p>The hub runs on rooftop solar for most of the day; our sustainability report for 2025 (see Downloads) has the numbers.</p>`,
  },
  'thank-you-suresh': {
    title: 'Thank you, Suresh',
    date: '28 March 2024',
    body: () => `<p>After eleven years as our Head of Finance, ${FORMER_HEAD.first} ${FORMER_HEAD.last} retires this month. He saw us grow from 20 trucks to 140, and steered us through the move to GST. We will miss his Friday filter coffee.</p>
<p>His successor will be introduced on our Team page.</p>`,
  },
};

interface Document {
  title: string;
  pages: number;
  author: (c: Company) => string;
  creator: string;
  created: string;
  summary: string;
}

const DOCUMENTS: Record<string, Document> = {
  'Kesari-Sustainability-Report-2025.pdf': {
    title: 'Sustainability Report 2025',
    pages: 24,
    author: (c) => localPart(c.format, SUSTAINABILITY),
    creator: 'Microsoft Word for Microsoft 365',
    created: '2026:01:06 18:42:10+05:30',
    summary: 'Fleet emissions, solar generation at the Kochi hub, and targets for 2026.',
  },
  'Kesari-Rate-Card-2026.pdf': {
    title: 'Rate card 2026',
    pages: 2,
    author: () => 'KFL Sales',
    creator: 'Canva',
    created: '2025:12:19 11:05:33+05:30',
    summary: 'Full-truck-load and part-load rates between our eight hubs.',
  },
  'Vendor-Onboarding-Form.pdf': {
    title: 'Vendor onboarding form',
    pages: 3,
    author: (c) => localPart(c.format, ACCOUNTS_EXEC),
    creator: 'Microsoft Word for Microsoft 365',
    created: '2025:08:21 10:17:45+05:30',
    summary: 'For new suppliers: bank details, GSTIN and PAN. Completed forms go to the finance team.',
  },
};

function submitPage(lab: Pick<LabTools, 'base'>, message = '', status = 200): LabResponse {
  return site(
    lab,
    'Submit finding',
    `<h1>Submit your finding</h1>
<p>The engagement's pretext is a supplier asking finance to change its bank details. Which email address would the lure be sent to: the address of the person who heads finance at ${COMPANY} <em>today</em>?</p>
${message}
<form method="post" action="${lab.base}/submit" class="lab-form">
  <label>Email address <input name="email" type="email" inputmode="email" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
  <button type="submit">Submit</button>
</form>`,
    status,
  );
}

/** Why a wrong address is wrong, when the mistake is one of the usual ones. */
function diagnose(given: string, c: Company): string {
  const [local = '', domain = ''] = given.split('@');
  const namesOf = (p: Pick<Person, 'first' | 'last'>) => FORMATS.map((f) => localPart(f, p));
  if (local === localPart(c.format, c.financeHead)) {
    return 'Right mailbox name, wrong domain: which domain do the addresses on this site use?';
  }
  if (domain === DOMAIN && namesOf(c.financeHead).includes(local)) {
    return 'Right person, but that is not how this company writes its addresses. Find two real addresses or usernames on the site and compare them with the names on the Team page.';
  }
  if (namesOf(FORMER_HEAD).includes(local)) {
    return 'That person no longer works here. Who heads finance today?';
  }
  const other = c.team.find((p) => p !== c.financeHead && namesOf(p).includes(local));
  if (other) return `That would be ${other.first} ${other.last}, the ${other.role}. Who heads finance?`;
  return 'That is not the address we expected. Check who heads finance on the Team page and how this company builds its addresses.';
}

const target: LabTarget = {
  id: 'se-osint-company-site',
  routes: {
    'GET /': (_request, lab) =>
      site(
        lab,
        'Home',
        `<h1>${COMPANY}</h1>
<p>Road freight, warehousing and cold chain across western and southern India since 1994.</p>
${ETHICS}
<section class="lab-card" aria-labelledby="task-title">
<h2 id="task-title">Your task</h2>
<p>You are preparing an authorised invoice-fraud simulation for ${COMPANY}. The client wants to know whether an outsider can find out who approves payments and reach them by email. Using only this public site, find the email address of the current head of finance and <a href="${lab.base}/submit">submit it</a>.</p>
</section>`,
      ),
    'GET /about': (_request, lab) =>
      site(
        lab,
        'About',
        `<h1>About us</h1>
<p>${COMPANY} Pvt Ltd was founded in Pune in 1994 with four trucks. Today we run 140 trucks and eight hubs, from Nagpur to Kochi, for pharma, food and auto-parts customers.</p>
<p>Registered office: Plot 17, Chakan MIDC Phase II, Pune 410501 (fictional).</p>
<p>We do not list staff email addresses on this site.</p>`,
      ),
    'GET /team': (_request, lab) => {
      const c = company(lab);
      return site(
        lab,
        'Team',
        `<h1>Our team</h1>
${c.team
  .map(
    (p) =>
      `<div class="lab-card"><h2>${esc(p.first)} ${esc(p.last)}</h2><p><strong>${esc(p.role)}</strong></p><p>${esc(p.bio)}</p></div>`,
  )
  .join('\n')}`,
      );
    },
    'GET /blog': (_request, lab) =>
      site(
        lab,
        'Blog',
        `<h1>Blog</h1>
<ul>
${Object.entries(POSTS)
  .map(
    ([slug, post]) =>
      `<li><a href="${lab.base}/blog/${slug}">${esc(post.title)}</a> <span class="lab-muted">${esc(post.date)}</span></li>`,
  )
  .join('\n')}
</ul>`,
      ),
    'GET /blog/:slug': (request, lab) => {
      const post = POSTS[request.params.slug ?? ''];
      if (!post) return site(lab, 'Not found', '<h1>Not found</h1><p>No such post.</p>', 404);
      return site(
        lab,
        post.title,
        `<article><h1>${esc(post.title)}</h1><p class="lab-muted">${esc(post.date)}</p>
${post.body(company(lab))}</article>
<p><a href="${lab.base}/blog">All posts</a></p>`,
      );
    },
    'GET /careers': (_request, lab) =>
      site(
        lab,
        'Careers',
        `<h1>Careers</h1>
<div class="lab-card">
<h2>Accounts Payable Associate, Pune</h2>
<p>Reports to our Head of Finance & Accounts. You will process vendor invoices, run weekly payment batches and reconcile GST input credit.</p>
<p>You will need: two years in payables, Tally Prime, Zoho Books, and our bank's corporate net-banking portal.</p>
</div>
<div class="lab-card">
<h2>Fleet Supervisor, Nagpur</h2>
<p>Night shifts at our Hingna hub. Heavy-vehicle licence preferred.</p>
</div>
<p>Apply with your CV to <a href="mailto:careers@${DOMAIN}">careers@${DOMAIN}</a>. New joiners get their email and laptop login on day one.</p>`,
      ),
    'GET /downloads': (_request, lab) =>
      site(
        lab,
        'Downloads',
        `<h1>Downloads</h1>
${Object.entries(DOCUMENTS)
  .map(
    ([file, doc]) =>
      `<div class="lab-card"><h2>${esc(doc.title)}</h2><p>${esc(doc.summary)}</p><p><code>${esc(file)}</code> · ${doc.pages} pages · <a href="${lab.base}/downloads/${encodeURIComponent(file)}/metadata">View document properties</a></p></div>`,
  )
  .join('\n')}`,
      ),
    'GET /downloads/:file/metadata': (request, lab) => {
      const file = request.params.file ?? '';
      const doc = DOCUMENTS[file];
      if (!doc) return site(lab, 'Not found', '<h1>Not found</h1><p>No such document.</p>', 404);
      const rows: [string, string][] = [
        ['File Name', file],
        ['File Type', 'PDF'],
        ['PDF Version', '1.7'],
        ['Page Count', String(doc.pages)],
        ['Title', doc.title],
        ['Author', doc.author(company(lab))],
        ['Creator', doc.creator],
        ['Producer', doc.creator === 'Canva' ? 'Canva' : 'Microsoft Word for Microsoft 365'],
        ['Create Date', doc.created],
        ['Modify Date', doc.created],
      ];
      return site(
        lab,
        `${doc.title}: properties`,
        `<h1>Document properties</h1>
<p>What <code>exiftool</code> prints for this file:</p>
<pre>${rows.map(([k, v]) => `${k.padEnd(32)}: ${esc(v)}`).join('\n')}</pre>
<p><a href="${lab.base}/downloads">All downloads</a></p>`,
      );
    },
    'GET /submit': (_request, lab) => submitPage(lab),
    'POST /submit': (request, lab) => {
      const given = (request.form().get('email') ?? '')
        .trim()
        .toLowerCase()
        .replace(/^mailto:/, '');
      const c = company(lab);
      if (given === expectedEmail(lab)) {
        const flag = lab.solve();
        return site(
          lab,
          'Finding confirmed',
          `<h1>Finding confirmed</h1>
<p><code>${esc(given)}</code> is the address of ${esc(c.financeHead.first)} ${esc(c.financeHead.last)}, ${esc(c.financeHead.role)}. You found it without contacting anyone: a name and role from the Team page, and the address format from the site's own blog post and document metadata.</p>
<p>For the report: note the sources, recommend removing author usernames from published PDFs, and warn finance staff that their role is public.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      return submitPage(lab, `<p class="lab-error" role="alert">${esc(diagnose(given, c))}</p>`, 400);
    },
  },
};

export default target;
