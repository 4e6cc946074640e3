import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

const PAYLOAD = '<img src=x onerror=alert(document.domain)>';

describe('lab web-xss-stored', () => {
  const labs: Awaited<ReturnType<typeof startTestLab>>[] = [];
  const start = async () => {
    const lab = await startTestLab('web-xss-stored');
    labs.push(lab);
    return lab;
  };
  afterEach(async () => {
    await Promise.all(labs.splice(0).map((lab) => lab.close()));
  });

  it('is solved by storing an event-handler payload in a comment and having the moderator read it', async () => {
    const lab = await start();
    const home = await lab.get('/');
    expect(home.body).toContain('action="comments"');
    expect(home.body).toContain('action="moderate"');
    const posted = await lab.post('/comments', { name: 'Rohit', comment: `Lovely post! ${PAYLOAD}` });
    expect(posted.status).toBe(200);
    // Stored: every later view of the post carries it, unencoded.
    const again = await lab.get('/');
    expect(again.body).toContain(`<p>Lovely post! ${PAYLOAD}</p>`);
    expect(again.headers['content-security-policy']).toContain("'unsafe-inline'");
    // Posting it, or seeing it in the learner's own browser, is not the objective.
    expect(again.body).not.toContain(lab.flag);
    const review = await lab.post('/moderate', {});
    expect(review.body).toContain('ran in his browser');
    expect(showsFlag(review.body, lab.flag)).toBe(true);
  });

  it('also counts a script element, which the server sends in the page', async () => {
    const lab = await start();
    await lab.post('/comments', { name: '', comment: '<script>alert(document.cookie)</script>' });
    const review = await lab.post('/moderate', {});
    expect(showsFlag(review.body, lab.flag)).toBe(true);
  });

  it('is not solved by honest comments, a payload in the (encoded) name, or an empty review', async () => {
    const lab = await start();
    const empty = await lab.post('/moderate', {});
    expect(empty.body).toContain('Nothing in the page ran script');
    expect(empty.body).not.toContain(lab.flag);
    const named = await lab.post('/comments', {
      name: '<svg onload=alert(1)>',
      comment: 'Going there next weekend with my cousins. Any tips for parking at Lonavala?',
    });
    expect(named.status).toBe(200);
    expect(named.body).toContain('<strong>&lt;svg onload=alert(1)&gt;</strong> wrote:');
    // Markup without script: it is rendered, but nothing runs.
    await lab.post('/comments', { name: 'Divya', comment: '<b>Bold</b> and <a href="https://example.in">a link</a>' });
    const review = await lab.post('/moderate', {});
    expect(review.body).toContain('Nothing in the page ran script');
    expect(showsFlag(review.body, lab.flag)).toBe(false);
    expect(review.body).not.toContain(lab.flag);
  });

  it('keeps comments per instance: another learner never sees them, even with the first one’s state cookie', async () => {
    const first = await start();
    await first.post('/comments', { name: 'Rohit', comment: `marker-7q2 ${PAYLOAD}` });
    expect((await first.get('/')).body).toContain('marker-7q2');
    const second = await start();
    expect((await second.get('/')).body).not.toContain('marker-7q2');
    second.jar.set('lab_state', first.jar.get('lab_state')!);
    const stolen = await second.get('/');
    expect(stolen.body).not.toContain('marker-7q2');
    const review = await second.post('/moderate', {});
    expect(review.body).not.toContain(second.flag);
    // The first learner can remove their comments.
    await first.post('/comments/clear', {});
    expect((await first.get('/')).body).not.toContain('marker-7q2');
  });

  it('caps comments at ten of at most 500 characters, and keeps the newest', async () => {
    const lab = await start();
    for (let n = 1; n <= 12; n++) await lab.post('/comments', { name: 'Tester', comment: `comment number ${n}.` });
    const page = await lab.get('/');
    expect(page.body).not.toContain('comment number 1.');
    expect(page.body).not.toContain('comment number 2.');
    expect(page.body).toContain('comment number 3.');
    expect(page.body).toContain('comment number 12.');
    const long = await lab.post('/comments', { name: 'Tester', comment: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    // Ten long comments of multi-byte text still fit the instance's state (older ones give way).
    for (let n = 0; n < 10; n++) await lab.post('/comments', { name: 'Tester', comment: `${n}${'अ'.repeat(499)}` });
    const full = await lab.get('/');
    expect(full.status).toBe(200);
    expect(full.body).toContain(`9${'अ'.repeat(499)}`);
    expect(full.body).not.toContain('comment number 12.');
  });
});
