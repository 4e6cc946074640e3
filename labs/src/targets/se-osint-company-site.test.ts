import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;
type Name = { first: string; last: string };

// The formats an OSINT tester tries against known name/address pairs (the learner's list, not the lab's).
const CANDIDATES: Record<string, (n: Name) => string> = {
  'first.last': (n) => `${n.first}.${n.last}`,
  'f.last': (n) => `${n.first[0]}.${n.last}`,
  firstl: (n) => `${n.first}${n.last[0]}`,
  first_last: (n) => `${n.first}_${n.last}`,
  'last.first': (n) => `${n.last}.${n.first}`,
  flast: (n) => `${n.first[0]}${n.last}`,
  first: (n) => n.first,
};

function team(body: string): (Name & { role: string })[] {
  return [...body.matchAll(/<h2>(\w+) (\w+)<\/h2><p><strong>([^<]+)<\/strong>/g)].map((m) => ({
    first: m[1]!.toLowerCase(),
    last: m[2]!.toLowerCase(),
    role: m[3]!.replaceAll('&amp;', '&'),
  }));
}

/** Reads the site like a learner: who heads finance, and which format fits every known address. */
async function investigate(lab: TestLab) {
  const home = await lab.get('/');
  expect(home.body).toContain('fictional');
  expect(home.body).toContain('rules of engagement');
  const people = team((await lab.get('/team')).body);
  const head = people.find((p) => p.role === 'Head of Finance & Accounts')!;
  expect(head).toBeDefined();

  const blog = await lab.get('/blog');
  const slugs = [...blog.body.matchAll(/href="[^"]*\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
  expect(slugs).toContain('warehousing-show-2026');
  const known: { local: string; who: Name }[] = [];
  const show = await lab.get('/blog/warehousing-show-2026');
  const mail = show.body.match(/mailto:([a-z._]+)@([a-z.]+)"/)!;
  const domain = mail[2]!;
  known.push({ local: mail[1]!, who: people.find((p) => p.first === 'ananya')! });

  const downloads = await lab.get('/downloads');
  for (const m of downloads.body.matchAll(/href="[^"]*\/(downloads\/[^"/]+\/metadata)"/g)) {
    const meta = await lab.get(`/${m[1]!}`);
    const author = meta.body.match(/Author\s+: ([^\n<]+)/)![1]!;
    // Match the username to a team member by trying each candidate format.
    for (const person of people) {
      if (Object.values(CANDIDATES).some((f) => f(person) === author)) known.push({ local: author, who: person });
    }
  }
  expect(known.length).toBeGreaterThanOrEqual(2);
  const fits = Object.entries(CANDIDATES).filter(([, f]) => known.every((k) => f(k.who) === k.local));
  expect(fits).toHaveLength(1);
  const [formatName, format] = fits[0]!;
  return { head, domain, format, formatName, people };
}

describe('lab se-osint-company-site', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by combining the team page with the address format leaked by the blog and document metadata', async () => {
    lab = await startTestLab('se-osint-company-site');
    const { head, domain, format } = await investigate(lab);
    expect(domain).toBe('kesarifreight.example');
    const answer = await lab.post('/submit', { email: `${format(head)}@${domain}`.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Finding confirmed');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses the former head, the right person in the wrong format, and someone else in finance', async () => {
    lab = await startTestLab('se-osint-company-site');
    const { head, domain, format, formatName, people } = await investigate(lab);

    const former = await lab.post('/submit', { email: `${format({ first: 'suresh', last: 'pillai' })}@${domain}` });
    expect(former.status).toBe(400);
    expect(former.body).toContain('no longer works here');

    const otherFormat = formatName === 'first.last' ? CANDIDATES['f.last']! : CANDIDATES['first.last']!;
    const wrongFormat = await lab.post('/submit', { email: `${otherFormat(head)}@${domain}` });
    expect(wrongFormat.body).toContain('Right person');

    const exec = people.find((p) => p.role === 'Accounts Executive')!;
    const wrongPerson = await lab.post('/submit', { email: `${format(exec)}@${domain}` });
    expect(wrongPerson.body).toContain('Accounts Executive');

    const wrongDomain = await lab.post('/submit', { email: `${format(head)}@kesari.example` });
    expect(wrongDomain.body).toContain('wrong domain');

    for (const answer of [former, wrongFormat, wrongPerson, wrongDomain]) {
      expect(showsFlag(answer.body, lab.flag)).toBe(false);
      expect(answer.body).not.toContain(lab.flag);
    }
  });
});
