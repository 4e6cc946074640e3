import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import target, { nameFromHash, sinkWouldRunScript } from './web-xss-dom';

const PAYLOAD = '<img src=x onerror=alert(document.domain)>';

describe('lab web-xss-dom: the emulated innerHTML sink', () => {
  it('runs event handlers but not script elements, as innerHTML does', () => {
    expect(sinkWouldRunScript('<img src=x onerror=alert(1)>')).toBe(true);
    expect(sinkWouldRunScript('<script>alert(1)</script>')).toBe(false);
    expect(sinkWouldRunScript('<svg><script>alert(1)</script></svg>')).toBe(false);
    expect(sinkWouldRunScript('<template><img src=x onerror=alert(1)></template>')).toBe(false);
    expect(sinkWouldRunScript('</strong><svg onload=alert(1)>')).toBe(true);
    // A frame's own document is a fresh page: its script element does run.
    expect(sinkWouldRunScript('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe(true);
    expect(sinkWouldRunScript('Priya')).toBe(false);
    expect(sinkWouldRunScript('&lt;img src=x onerror=alert(1)&gt;')).toBe(false);
  });

  it('reads the fragment as app.js does: percent-decoded, the raw text when that fails', () => {
    expect(nameFromHash('#%3Cimg%20src=x%20onerror=alert(1)%3E')).toBe('<img src=x onerror=alert(1)>');
    expect(nameFromHash('#100%')).toBe('100%');
    expect(nameFromHash('')).toBe('dear friend');
    const app = target.assets!['app.js']!;
    expect(app).toContain('decodeURIComponent(raw)');
    expect(app).toContain('card.innerHTML = "Shubh Deepavali, <strong>" + name + ');
  });
});

describe('lab web-xss-dom', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  it('serves a safe page and the page script that writes the fragment with innerHTML', async () => {
    lab = await startTestLab('web-xss-dom');
    const home = await lab.get(`/?to=${encodeURIComponent(PAYLOAD)}`);
    expect(home.body).toContain('id="card-greeting"');
    expect(home.body).toContain('<script src="/_lab/target/web-xss-dom/app.js" defer></script>');
    expect(home.body).not.toContain(PAYLOAD);
    expect(home.headers['content-security-policy']).toContain("'unsafe-inline'");
    const app = await lab.get('/_lab/target/web-xss-dom/app.js');
    expect(app.status).toBe(200);
    expect(app.body).toContain('location.hash');
    expect(app.body).toContain('card.innerHTML');
  });

  it('is solved by sending the friend a card link whose fragment carries an event-handler payload', async () => {
    lab = await startTestLab('web-xss-dom');
    const answer = await lab.post('/deliver', { url: `http://127.0.0.1:3901${lab.base}/#${PAYLOAD}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('DOM-based XSS');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('accepts the percent-encoded link the card form makes, as a path of the lab', async () => {
    lab = await startTestLab('web-xss-dom');
    const answer = await lab.post('/deliver', { url: `/#${encodeURIComponent('Ravi</strong><svg onload=alert(1)>')}` });
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('is not solved by a script element (innerHTML never runs it), a plain card, or the payload elsewhere', async () => {
    lab = await startTestLab('web-xss-dom');
    const script = await lab.post('/deliver', { url: `${lab.base}/#<script>alert(document.domain)</script>` });
    expect(script.status).toBe(200);
    expect(script.body).toContain('nothing in it ran script');
    expect(script.body).not.toContain(lab.flag);
    const plain = await lab.post('/deliver', { url: '/#Priya' });
    expect(plain.body).toContain('Priya');
    expect(plain.body).not.toContain(lab.flag);
    // In the query the page script never reads, on a page without the card, or in the learner's own tab.
    const query = await lab.post('/deliver', { url: `/?to=${encodeURIComponent(PAYLOAD)}` });
    expect(query.body).not.toContain(lab.flag);
    const nowhere = await lab.post('/deliver', { url: `/gallery#${PAYLOAD}` });
    expect(nowhere.body).toContain('Not found');
    expect(nowhere.body).not.toContain(lab.flag);
    for (const url of [`/i/someone-else/#${PAYLOAD}`, `https://evil.example/#${PAYLOAD}`, 'javascript:alert(1)']) {
      const refused = await lab.post('/deliver', { url });
      expect(refused.status).toBe(400);
      expect(refused.body).not.toContain(lab.flag);
    }
  });
});
