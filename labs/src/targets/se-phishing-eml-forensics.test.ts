import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

const OUR_MX = 'mx1.sampadafinserv.example';

/** Reads the .eml the way an analyst does with a text editor: unfold, then walk the header fields. */
async function analyse(lab: TestLab) {
  const eml = await lab.get('/message.eml');
  expect(eml.status).toBe(200);
  expect(eml.headers['content-type']).toContain('message/rfc822');
  expect(eml.body).toContain('\r\n');
  const head = eml.body.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const fields = head.split('\r\n').map((line) => {
    const colon = line.indexOf(':');
    return { name: line.slice(0, colon).toLowerCase(), value: line.slice(colon + 1).trim() };
  });
  // The boundary hop: the Received field our MX wrote when an outside server connected.
  const boundary = fields.find(
    (f) => f.name === 'received' && f.value.includes(`by ${OUR_MX} `) && !/\[10\.\d+\.\d+\.\d+\]/.test(f.value),
  )!;
  const ip = boundary.value.match(/^from \S+ \([^)]*\[([\d.]+)\]\)/)![1]!;
  // The verdict our MX wrote: the topmost Authentication-Results with its name.
  const ours = fields.find((f) => f.name === 'authentication-results' && f.value.startsWith(`${OUR_MX};`))!;
  const spf = ours.value.match(/spf=(\w+)/)![1]!;
  const from = fields.find((f) => f.name === 'from')!.value;
  const domain = from.match(/@([^>]+)>/)![1]!;
  return { ip, spf, domain, fields, body: eml.body };
}

describe('lab se-phishing-eml-forensics', () => {
  let lab: TestLab;
  let other: TestLab | undefined;
  afterEach(async () => {
    await lab.close();
    await other?.close();
    other = undefined;
  });

  it('is solved with the boundary hop IP, the lookalike From domain and the SPF verdict of our own MX', async () => {
    lab = await startTestLab('se-phishing-eml-forensics');
    const { ip, spf, domain } = await analyse(lab);
    expect(ip).toMatch(/^(198\.51\.100|192\.0\.2)\.\d+$/);
    expect(spf).toBe('fail');
    expect(domain).not.toBe('sampadafinserv.example');
    expect(domain).toMatch(/^[a-z0-9]+\.example$/);

    // The viewer shows the parsed chain, both verdicts and the link whose text lies about its target.
    const viewer = await lab.get('/viewer');
    expect(viewer.body).toContain(`IP <code>${ip}</code>`);
    expect(viewer.body).toContain(`written by <code>${OUR_MX}</code>`);
    expect(viewer.body).toContain('<strong>spf=pass</strong>');
    expect(viewer.body).toContain('<strong>dmarc=fail</strong>');
    expect(viewer.body).toContain('<strong>dkim=none</strong>');
    expect(viewer.body).toContain('<td><code>https://mail.sampadafinserv.example/owa/verify</code></td>');
    expect(viewer.body).toContain(`<td><code>https://mail.${domain}/owa/verify?u=kavya.menon&amp;t=`);
    expect(viewer.body).toContain('⚠ Action required');

    const answer = await lab.post('/answer', { ip, domain: `it-helpdesk@${domain}`, spf });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Analysis confirmed');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses the forged hop, the forged verdict and the genuine domain, and varies per instance', async () => {
    lab = await startTestLab('se-phishing-eml-forensics');
    const { ip, domain, fields } = await analyse(lab);
    // The bottom-most Received field and the lower Authentication-Results were written by the sender.
    const received = fields.filter((f) => f.name === 'received');
    const forgedIp = received[received.length - 1]!.value.match(/\[([\d.]+)\]/)![1]!;
    expect(forgedIp).not.toBe(ip);

    const forged = await lab.post('/answer', { ip: forgedIp, domain, spf: 'fail' });
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('can be forged');
    const fakePass = await lab.post('/answer', { ip, domain, spf: 'pass' });
    expect(fakePass.body).toContain('the sender inserted');
    const genuine = await lab.post('/answer', { ip, domain: 'sampadafinserv.example', spf: 'fail' });
    expect(genuine.body).toContain('genuine domain');
    for (const answer of [forged, fakePass, genuine]) {
      expect(showsFlag(answer.body, lab.flag)).toBe(false);
      expect(answer.body).not.toContain(lab.flag);
    }

    // Another start of the lab has its own IP or lookalike (8 lookalikes × 504 IPs; retried against a rare clash).
    let same = true;
    for (let i = 0; i < 3 && same; i += 1) {
      await other?.close();
      other = await startTestLab('se-phishing-eml-forensics');
      const theirs = await analyse(other);
      same = theirs.ip === ip && theirs.domain === domain;
    }
    expect(same).toBe(false);
  });
});
