import { PAGE_ANSWERS_ID } from '@ehc/common';
import { describe, expect, it } from 'vitest';
import { pageWithContent } from './server-render';

const SHELL = `<!doctype html><html><head><title>T</title></head><body>
    <div id="root">
      <!--app-->
      <p>Loading...</p>
      <!--/app-->
    </div>
    <noscript>
      <p>This course needs JavaScript.</p>
    </noscript>
    <script type="module" src="/assets/index.js"></script>
  </body></html>`;

describe('pageWithContent', () => {
  it('puts the rendered page in #root, its answers after it and its stylesheets in the head', () => {
    const html = pageWithContent(SHELL, '/', '<main>Hello</main>', [{ queryKey: ['pricing'], data: { price: 4900 } }], {
      stylesheets: '<link rel="stylesheet" href="/a.css">',
    });
    expect(html).toContain('<div id="root"><main>Hello</main></div>');
    expect(html).not.toContain('Loading...');
    expect(html).toContain('<link rel="stylesheet" href="/a.css"></head>');
    const answers = /<script type="application\/json" id="([^"]+)" data-path="([^"]*)">([^<]*)<\/script>/.exec(html)!;
    expect(answers[1]).toBe(PAGE_ANSWERS_ID);
    expect(answers[2]).toBe('/');
    expect(JSON.parse(answers[3]!)).toEqual([{ queryKey: ['pricing'], data: { price: 4900 } }]);
  });

  it('drops the shell’s "needs JavaScript" notice, and keeps a <noscript> of the page’s own', () => {
    const html = pageWithContent(SHELL, '/', '<main><noscript><p>Checking needs scripts.</p></noscript></main>', []);
    expect(html).not.toContain('This course needs JavaScript');
    expect(html).toContain('<main><noscript><p>Checking needs scripts.</p></noscript></main>');
  });

  it('keeps a learner’s page inert until its code has adopted it, with the "needs JavaScript" notice', () => {
    const html = pageWithContent(SHELL, '/dashboard', '<main>Dashboard</main>', [{ queryKey: ['session'], data: {} }], {
      needsCode: true,
    });
    expect(html).toContain('<div id="root" inert><main>Dashboard</main></div>');
    expect(html).toContain('This course needs JavaScript');
    expect(html).toContain(`id="${PAGE_ANSWERS_ID}"`);
    expect(pageWithContent(SHELL, '/', '<main></main>', [])).toContain('<div id="root"><main>');
  });

  it('escapes "<" in the answers, so a holder’s name cannot close the script and run its own', () => {
    const name = '</script><script>alert(1)</script>';
    const html = pageWithContent(SHELL, '/verify/x', '<main></main>', [
      { queryKey: ['verify', 'x'], data: { holder_name: name } },
    ]);
    expect(html.match(/<script/g)).toHaveLength(2);
    const answers = /id="page-answers" data-path="\/verify\/x">([^<]*)<\/script>/.exec(html)!;
    expect(JSON.parse(answers[1]!)[0].data.holder_name).toBe(name);
  });

  it('takes markup and answers with "$&" and the like as they are, not as replacement patterns', () => {
    const html = pageWithContent(SHELL, '/', "<p>$& $' $`</p>", [{ queryKey: ['k'], data: '$&' }]);
    expect(html).toContain("<p>$& $' $`</p>");
    expect(html).toContain('"data":"$&"');
  });

  it('refuses a shell without the placeholder rather than send a page without its content', () => {
    expect(() => pageWithContent('<div id="root"></div>', '/', '<main></main>', [])).toThrow(/placeholder/);
  });
});
