import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

const PAYLOAD = '<img src=x onerror=alert(document.domain)>';

describe('lab web-xss-reflected', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  it('reflects the search term unencoded, and lets inline script run in the learner’s own browser', async () => {
    lab = await startTestLab('web-xss-reflected');
    const home = await lab.get('/');
    expect(home.body).toContain('action="search"');
    expect(home.body).toContain('action="deliver"');
    const marker = await lab.get(`/search?q=${encodeURIComponent(`zq7x"'<>`)}`);
    expect(marker.body).toContain(`<strong>zq7x"'<></strong>`);
    const own = await lab.get(`/search?q=${encodeURIComponent(PAYLOAD)}`);
    expect(own.body).toContain(PAYLOAD);
    expect(own.headers['content-security-policy']).toContain("'unsafe-inline'");
    // The payload in the learner's own page proves nothing yet: it must reach the agent.
    expect(showsFlag(own.body, lab.flag)).toBe(false);
    expect(own.body).not.toContain(lab.flag);
  });

  it('is solved by sending the agent a search link that carries an event-handler payload', async () => {
    lab = await startTestLab('web-xss-reflected');
    const answer = await lab.post('/deliver', { url: `search?q=${encodeURIComponent(PAYLOAD)}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Your script ran');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('accepts the full URL from the address bar, unencoded, and a script element (the server sends it)', async () => {
    lab = await startTestLab('web-xss-reflected');
    const full = `http://127.0.0.1:3901${lab.base}/search?q=<script>alert(1)</script>`;
    const answer = await lab.post('/deliver', { url: full });
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
    lab.close();
    lab = await startTestLab('web-xss-reflected');
    const path = await lab.post('/deliver', { url: `/search?q=${encodeURIComponent(`"><svg onload=alert(1)>`)}` });
    expect(showsFlag(path.body, lab.flag)).toBe(true);
  });

  it('is not solved by honest links, encoded payloads, pages without the flaw, or links elsewhere', async () => {
    lab = await startTestLab('web-xss-reflected');
    const honest = await lab.post('/deliver', { url: 'search?q=refund' });
    expect(honest.body).toContain('The page loaded normally');
    expect(honest.body).toContain('1 result for &lt;strong&gt;refund&lt;/strong&gt;');
    expect(honest.body).not.toContain(lab.flag);
    // Already entity-encoded: the browser shows it as text.
    const encoded = await lab.post('/deliver', {
      url: `search?q=${encodeURIComponent('&lt;img src=x onerror=alert(1)&gt;')}`,
    });
    expect(encoded.body).not.toContain(lab.flag);
    // The payload in a parameter the page does not reflect, or on a page that does not exist.
    const otherParam = await lab.post('/deliver', { url: `search?term=${encodeURIComponent(PAYLOAD)}` });
    expect(otherParam.body).not.toContain(lab.flag);
    const missing = await lab.post('/deliver', { url: `/help?q=${encodeURIComponent(PAYLOAD)}` });
    expect(missing.body).toContain('Not found');
    expect(missing.body).not.toContain(lab.flag);
    // Only the fragment carries it: a browser never sends the fragment to the server.
    const fragment = await lab.post('/deliver', { url: `search?q=refund#${PAYLOAD}` });
    expect(fragment.body).not.toContain(lab.flag);
    // Another instance, another site, another scheme: refused.
    for (const url of [
      `/i/someone-else/search?q=${encodeURIComponent(PAYLOAD)}`,
      `https://evil.example/search?q=${encodeURIComponent(PAYLOAD)}`,
      'javascript:alert(1)',
    ]) {
      const refused = await lab.post('/deliver', { url });
      expect(refused.status).toBe(400);
      expect(refused.body).not.toContain(lab.flag);
    }
  });
});
