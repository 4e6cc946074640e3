import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import { dir, file, programs, runShell, STANDARD_COMMANDS, type ShellOptions } from './emulated-shell';

describe('lab web-command-injection', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  it('is solved by appending ; whoami to the host, and shows what the server ran', async () => {
    lab = await startTestLab('web-command-injection');
    const home = await lab.get('/');
    expect(home.body).toContain('action="ping"');
    const answer = await lab.post('/ping', { host: '127.0.0.1; whoami' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('64 bytes from 127.0.0.1');
    expect(answer.body).toMatch(/ms\nwww-data\n<\/pre>/);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('is solved by every separator and substitution the lesson lists', async () => {
    lab = await startTestLab('web-command-injection');
    for (const host of [
      '127.0.0.1 && whoami',
      'nosuch.host || whoami',
      '127.0.0.1 | whoami',
      '127.0.0.1 & whoami',
      '127.0.0.1\nwhoami',
      '$(whoami)',
      '`whoami`',
      '127.0.0.1;/usr/bin/whoami',
    ]) {
      const answer = await lab.post('/ping', { host });
      expect(answer.body, host).toContain('www-data');
      expect(showsFlag(answer.body, lab.flag), host).toBe(true);
    }
  });

  it('is solved by reading /home/carlos/secret through the injection', async () => {
    lab = await startTestLab('web-command-injection');
    const list = await lab.post('/ping', { host: '; ls /home/carlos' });
    expect(list.body).toContain('todo.txt');
    expect(showsFlag(list.body, lab.flag)).toBe(false);
    const read = await lab.post('/ping', { host: '; cat /home/carlos/secret' });
    expect(read.body).toContain('Masala-Chai-114!');
    expect(showsFlag(read.body, lab.flag)).toBe(true);
  });

  it('shows no flag for honest checks and for payloads the shell does not run as a command', async () => {
    lab = await startTestLab('web-command-injection');
    const honest = await lab.post('/ping', { host: '10.20.0.1' });
    expect(honest.body).toContain('1 packets transmitted, 1 received');
    expect(honest.body).not.toContain(lab.flag);
    for (const [host, shows] of [
      // ping succeeded, so || skips whoami
      ['127.0.0.1 || whoami', '0% packet loss'],
      // quoted: one argument for ping, no separator for the shell
      ["'127.0.0.1; whoami'", 'ping: 127.0.0.1; whoami: Name or service not known'],
      ['127.0.0.1\\; whoami', 'ping: whoami: Name or service not known'],
      // no separator at all
      ['127.0.0.1 whoami', 'ping: whoami: Name or service not known'],
      // whoami is only text here
      ['127.0.0.1; echo whoami', 'whoami'],
      ['127.0.0.1; whoamii', 'sh: 1: whoamii: not found'],
      ['127.0.0.1 ;; whoami', 'sh: 1: Syntax error: &quot;;;&quot; unexpected'],
      ['; cat /home/carlos/todo.txt', 'NET-88'],
    ]) {
      const answer = await lab.post('/ping', { host: host! });
      expect(answer.body, host).toContain(shows);
      expect(answer.body, host).not.toContain(lab.flag);
    }
  });
});

describe('the emulated shell', () => {
  const options = (): ShellOptions => ({
    hostname: 'box',
    user: { name: 'www-data', uid: 33, gid: 33, home: '/var/www' },
    cwd: '/srv',
    tree: dir({
      etc: dir({ passwd: file('www-data:x:33:33::/var/www:/usr/sbin/nologin\n'), shadow: file('', { locked: true }) }),
      root: dir({}, { locked: true }),
      srv: dir({ 'a.txt': file('alpha\n'), 'b.txt': file('beta\n'), big: file('z'.repeat(6000)) }),
      tmp: dir({}, { writable: true }),
      usr: dir({ bin: dir(programs(STANDARD_COMMANDS)) }),
    }),
  });
  const sh = (script: string) => runShell(script, options());

  it('runs commands by the rules of sh: lists, and-or, pipes, substitutions, quotes', () => {
    expect(sh('echo a; echo b').stdout).toBe('a\nb\n');
    expect(sh('false && echo no; true && echo yes; false || echo also').stdout).toBe('yes\nalso\n');
    expect(sh('whoami | cat').stdout).toBe('www-data\n');
    expect(sh('echo "$(whoami) on `hostname`"').stdout).toBe('www-data on box\n');
    expect(sh('echo $(echo "  a   b  ")').stdout).toBe('a b\n');
    expect(sh('echo \'$(whoami)\' "a;b" c\\;d').stdout).toBe('$(whoami) a;b c;d\n');
    expect(sh('cat *.txt').stdout).toBe('alpha\nbeta\n');
    expect(sh('echo hi >/tmp/x; cat </tmp/x').stdout).toBe('hi\n');
    expect(sh('sh -c "id -un"').stdout).toBe('www-data\n');
    expect(sh('echo a # whoami').ran).toEqual(['echo']);
  });

  it('answers as dash does to errors', () => {
    expect(sh('foo').stderr).toBe('sh: 1: foo: not found\n');
    expect(sh('foo').status).toBe(127);
    expect(sh('echo 1\nfoo').stderr).toBe('sh: 2: foo: not found\n');
    expect(sh('foo 2>/dev/null').stderr).toBe('');
    expect(sh('echo $(foo 2>&1)').stdout).toBe('sh: 1: foo: not found\n');
    expect(sh('echo a && ').stderr).toBe('sh: 1: Syntax error: end of file unexpected\n');
    // dash parses a whole line before it runs any of it
    expect(sh('echo a; echo (').stdout).toBe('');
    expect(sh('echo a\necho (').stdout).toBe('a\n');
    expect(sh('cat /etc/shadow').stderr).toBe('cat: /etc/shadow: Permission denied\n');
    expect(sh('ls /root').stderr).toBe("ls: cannot open directory '/root': Permission denied\n");
    expect(sh('echo x > /etc/passwd').stderr).toBe('sh: 1: cannot create /etc/passwd: Permission denied\n');
  });

  it('bounds the work: commands, output, nesting and script length', () => {
    const many = sh('true;'.repeat(30));
    expect(many.ran).toHaveLength(20);
    expect(many.limited).toMatch(/at most 20 commands/);
    const big = sh('cat big big big | cat - big');
    expect(big.stdout).toBe('z'.repeat(10_000));
    const deep = sh('echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo a)))))))');
    expect(deep.stderr).toMatch(/nested more than 6 deep/);
    expect(deep.ran).toEqual([]);
    expect(sh('x'.repeat(2001)).stderr).toMatch(/at most 2000 characters/);
  });
});
