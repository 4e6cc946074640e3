// A photo-print shop serves its pictures with `GET /image?filename=sunrise.jpg`, joining the
// name to /var/www/images/. A developer "fixed" traversal by removing `../` from the name,
// once, in a single pass, so `....//` still becomes `../`. The files live in a virtual file
// system (a JavaScript object); `posix.join` is used only as the string function it is, and
// resolves `..` exactly as the kernel would. Reading /home/carlos/secret.txt solves the lab.
import { posix } from 'node:path';
import { esc, page, text, type LabTarget } from '../host/lab-kit';

const IMAGES = '/var/www/images/';
const SECRET = '/home/carlos/secret.txt';

function picture(label: string, sky: string, land: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180" role="img" aria-label="${label}">
<rect width="320" height="180" fill="${sky}"/>
<rect y="120" width="320" height="60" fill="${land}"/>
<text x="16" y="32" font-family="sans-serif" font-size="18" fill="#102030">${label}</text>
</svg>
`;
}

// The server's disk, as far as this lab goes. Paths are absolute; folders are implied.
const FILES: Record<string, string> = {
  '/var/www/images/sunrise.jpg': picture('Sunrise, Kanyakumari', '#f6b26b', '#3d85c6'),
  '/var/www/images/tea-garden.jpg': picture('Tea garden, Munnar', '#cfe2f3', '#38761d'),
  '/var/www/images/houseboat.jpg': picture('Houseboat, Alappuzha', '#9fc5e8', '#134f5c'),
  '/var/www/app/server.js': `const express = require('express');
const path = require('node:path');
const app = express();
const IMAGES = '/var/www/images/';

app.get('/image', (req, res) => {
  // Security fix (ticket PRINT-214): no more ../ in file names.
  const name = String(req.query.filename).replaceAll('../', '');
  res.sendFile(path.join(IMAGES, name));
});

app.listen(8080);
`,
  '/etc/passwd': `root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
sys:x:3:3:sys:/dev:/usr/sbin/nologin
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
sshd:x:105:65534::/run/sshd:/usr/sbin/nologin
priya:x:1000:1000:Priya Nair,,,:/home/priya:/bin/bash
carlos:x:1001:1001:Carlos D'Souza,,,:/home/carlos:/bin/bash
`,
  '/etc/hostname': 'print-web-01\n',
  '/etc/hosts': `127.0.0.1 localhost
10.20.0.11 print-web-01
10.20.0.30 print-db.internal
`,
  '/etc/shadow': '',
  '/home/priya/todo.txt': 'Renew the TLS certificate before Diwali sale.\nAsk carlos about the backup script.\n',
  [SECRET]: `carlos's notes, do not share
Backup server: print-db.internal, user backup, password Monsoon@2026
The print shop's image folder is /var/www/images/ and www-data can read my home folder. Must fix.
`,
};

// Files that exist but that www-data may not read.
const UNREADABLE = new Set(['/etc/shadow', '/root']);

const FOLDERS = new Set(
  Object.keys(FILES).flatMap((file) => {
    const parts = file.split('/').slice(1, -1);
    return parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
  }),
);
FOLDERS.add('/');
FOLDERS.add('/root');

type Read = { ok: true; content: string } | { ok: false; status: number; error: string };

// What `fs.readFile` would say for a path on the virtual disk (Node's own error texts).
function readFile(path: string): Read {
  if (path.includes('\0')) {
    return {
      ok: false,
      status: 400,
      error: `TypeError [ERR_INVALID_ARG_VALUE]: The argument 'path' must be a string, Uint8Array, or URL without null bytes.`,
    };
  }
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (UNREADABLE.has(clean) || clean.startsWith('/root/')) {
    return { ok: false, status: 403, error: `Error: EACCES: permission denied, open '${path}'` };
  }
  if (FOLDERS.has(clean))
    return { ok: false, status: 500, error: 'Error: EISDIR: illegal operation on a directory, read' };
  const content = Object.hasOwn(FILES, clean) ? FILES[clean] : undefined;
  if (content === undefined) {
    return { ok: false, status: 404, error: `Error: ENOENT: no such file or directory, open '${path}'` };
  }
  if (path !== clean) return { ok: false, status: 500, error: `Error: ENOTDIR: not a directory, open '${path}'` };
  return { ok: true, content };
}

const GALLERY = [
  ['sunrise.jpg', 'Sunrise at Kanyakumari'],
  ['tea-garden.jpg', 'Tea garden in Munnar'],
  ['houseboat.jpg', 'Houseboat on the backwaters, Alappuzha'],
] as const;

const target: LabTarget = {
  id: 'web-path-traversal',
  routes: {
    'GET /': () => {
      const cards = GALLERY.map(
        ([file, caption]) => `<figure class="lab-card">
  <img src="image?filename=${esc(file)}" alt="${esc(caption)}" width="320" height="180">
  <figcaption>${esc(caption)}. A4 print ₹349. <a href="image?filename=${esc(file)}">Open image</a></figcaption>
</figure>`,
      ).join('\n');
      return page(
        'Chitra Prints',
        `<h1>Chitra Prints</h1><p>Travel photographs from across India, printed on archival paper.</p>\n${cards}`,
      );
    },
    'GET /image': (request, lab) => {
      const filename = request.query.get('filename');
      if (!filename) return text('Missing parameter filename.', { status: 400 });
      // The flaw: a filter that removes `../` once, in one pass, instead of checking the final path.
      const name = filename.replaceAll('../', '');
      const path = posix.join(IMAGES, name);
      const read = readFile(path);
      if (!read.ok) return text(read.error, { status: read.status });
      // The type is sniffed from the content, like `file --mime-type`: pictures are SVG, the rest text.
      if (read.content.startsWith('<svg')) return text(read.content, { contentType: 'image/svg+xml' });
      if (path === SECRET) {
        const flag = lab.solve();
        return text(`${read.content}\nFlag for this lab: ${flag}\n`);
      }
      return text(read.content);
    },
  },
};

export default target;
