// A point-of-sale support page whose "network check" pastes the learner's host into a
// shell command line: `ping -c 1 <host>`. The shell is emulated (emulated-shell.ts): it
// really parses `;`, `&&`, `||`, `|`, newlines, `$(…)` and backticks and runs built-in
// commands over a virtual file tree, so the payloads of the lesson work by the same
// mechanism as on a real server, and nothing real is ever run.
import { esc, page, redirect, type LabTarget } from '../host/lab-kit';
import {
  dir,
  file,
  programs,
  runShell,
  STANDARD_COMMANDS,
  type Builtin,
  type DirNode,
  type ShellResult,
} from './emulated-shell';

const HOST_MAX = 300;
const HOSTNAME = 'netcheck-01';
const APP_SOURCE = `# /srv/netcheck/app.py (excerpt)
@app.post("/ping")
def ping():
    host = request.form.get("host", "")
    result = subprocess.run("ping -c 1 " + host, shell=True,
                            capture_output=True, text=True, timeout=10)
    return render_template("netcheck.html", host=host, result=result)
`;

/** The simulated network: names the server can resolve, and addresses that answer. */
const NAMES: Record<string, string> = {
  localhost: '127.0.0.1',
  [HOSTNAME]: '10.20.0.15',
  'gateway.dukaan.internal': '10.20.0.1',
  'billing-db.dukaan.internal': '10.20.0.21',
  'store114-router.dukaan.internal': '10.20.114.1',
  'dns.google': '8.8.8.8',
  'one.one.one.one': '1.1.1.1',
};
const ANSWERS: Record<string, { ttl: number; ms: number }> = {
  '10.20.0.15': { ttl: 64, ms: 0.031 },
  '10.20.0.1': { ttl: 64, ms: 0.412 },
  '10.20.0.21': { ttl: 64, ms: 0.587 },
  '10.20.114.1': { ttl: 61, ms: 28.4 },
  '8.8.8.8': { ttl: 117, ms: 14.2 },
  '1.1.1.1': { ttl: 57, ms: 9.81 },
};

function answerOf(ip: string): { ttl: number; ms: number } | undefined {
  return ip.startsWith('127.') ? { ttl: 64, ms: 0.043 } : ANSWERS[ip];
}

/** A round-trip time as iputils prints it: fewer decimals the longer it took. */
function rtt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3);
}

function isIpv4(host: string): boolean {
  const parts = host.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** iputils `ping`, as far as `-c`, `-W`, `-i`, `-q`, `-n` and `-4` go, over the simulated network. */
const ping: Builtin = (args, io) => {
  let count = 4;
  let quiet = false;
  const hosts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-') || arg === '-') {
      hosts.push(arg);
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const flag = arg[j]!;
      if (flag === 'q') quiet = true;
      else if (flag === 'n' || flag === '4') continue;
      else if (flag === 'c' || flag === 'W' || flag === 'i') {
        const value = arg.slice(j + 1) || args[++i];
        if (value === undefined) {
          io.err(`ping: option requires an argument -- '${flag}'\n`);
          return 2;
        }
        if (flag === 'c') {
          if (!/^\d+$/.test(value) || Number(value) < 1) {
            io.err(`ping: invalid argument: '${value}'\n`);
            return 1;
          }
          if (Number(value) > 10) {
            io.err('ping: lab limit: -c may be at most 10\n');
            return 1;
          }
          count = Number(value);
        }
        break;
      } else {
        io.err(`ping: invalid option -- '${flag}'\n\nUsage\n  ping [options] <destination>\n`);
        return 2;
      }
    }
  }
  const host = hosts.at(-1);
  if (host === undefined) {
    io.err('ping: usage error: Destination address required\n');
    return 1;
  }
  const ip = isIpv4(host) ? host : NAMES[host.toLowerCase()];
  if (!ip) {
    io.err(`ping: ${host}: Name or service not known\n`);
    return 2;
  }
  const answer = answerOf(ip);
  const shown = ip === host ? ip : `${host.toLowerCase()} (${ip})`;
  let out = `PING ${host} (${ip}) 56(84) bytes of data.\n`;
  if (!answer) {
    io.shell.advance(count + 9);
    io.out(
      `${out}\n--- ${host} ping statistics ---\n${count} packets transmitted, 0 received, 100% packet loss, time ${(count - 1) * 1000}ms\n\n`,
    );
    return 1;
  }
  const times = Array.from({ length: count }, (_, k) => Math.round(answer.ms * (1 + ((k * 7) % 5) / 25) * 1000) / 1000);
  if (!quiet) {
    times.forEach((ms, k) => {
      out += `64 bytes from ${shown}: icmp_seq=${k + 1} ttl=${answer.ttl} time=${rtt(ms)} ms\n`;
    });
  }
  const min = Math.min(...times);
  const max = Math.max(...times);
  const avg = times.reduce((a, b) => a + b, 0) / count;
  const mdev = Math.sqrt(times.reduce((a, b) => a + (b - avg) ** 2, 0) / count);
  io.shell.advance(count - 1 + max / 1000);
  io.out(
    `${out}\n--- ${host} ping statistics ---\n${count} packets transmitted, ${count} received, 0% packet loss, time ${(count - 1) * 1001}ms\nrtt min/avg/max/mdev = ${min.toFixed(3)}/${avg.toFixed(3)}/${max.toFixed(3)}/${mdev.toFixed(3)} ms\n`,
  );
  return 0;
};

/** The server's files: built afresh for every run, so nothing a learner writes outlives it. */
function serverTree(): DirNode {
  const bin = () => dir(programs([...STANDARD_COMMANDS, 'ping']));
  return dir({
    bin: bin(),
    etc: dir({
      hostname: file(`${HOSTNAME}\n`),
      hosts: file(
        `127.0.0.1 localhost\n10.20.0.15 ${HOSTNAME}\n10.20.0.1 gateway.dukaan.internal\n10.20.0.21 billing-db.dukaan.internal\n`,
      ),
      passwd: file(
        [
          'root:x:0:0:root:/root:/bin/bash',
          'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin',
          'www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin',
          'carlos:x:1001:1001:Carlos Fernandes (support):/home/carlos:/bin/bash',
          'meera:x:1002:1002:Meera Iyer (ops):/home/meera:/bin/bash',
          '',
        ].join('\n'),
      ),
      group: file('root:x:0:\ndaemon:x:1:\nwww-data:x:33:\ncarlos:x:1001:\nmeera:x:1002:\n'),
      shadow: file('', { locked: true }),
      'os-release': file('PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\n'),
    }),
    home: dir({
      carlos: dir(
        {
          secret: file('Store 114 (Lajpat Nagar) router admin password: Masala-Chai-114!\n', { owner: 'carlos' }),
          'todo.txt': file('- move the ping page off shell=True (ticket NET-88)\n- renew SSL for billing\n', {
            owner: 'carlos',
          }),
          '.bash_history': file('', { owner: 'carlos', locked: true }),
        },
        { owner: 'carlos' },
      ),
      meera: dir({}, { owner: 'meera', locked: true }),
    }),
    root: dir({}, { locked: true }),
    srv: dir({
      netcheck: dir({
        'app.py': file(APP_SOURCE),
        'requirements.txt': file('flask==3.0.3\ngunicorn==22.0.0\n'),
        templates: dir({ 'netcheck.html': file('<h1>Network check</h1>\n<pre>{{ result.stdout }}</pre>\n') }),
      }),
    }),
    tmp: dir({}, { writable: true }),
    usr: dir({ bin: bin(), sbin: dir({}) }),
    var: dir({ www: dir({}), log: dir({}, { locked: true }) }),
  });
}

export function runNetworkCheck(host: string): ShellResult {
  return runShell(`ping -c 1 ${host}`, {
    hostname: HOSTNAME,
    user: { name: 'www-data', uid: 33, gid: 33, home: '/var/www' },
    cwd: '/srv/netcheck',
    tree: serverTree(),
    ip: '10.20.0.15',
    kernel: { release: '6.8.0-45-generic', version: '#45-Ubuntu SMP PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024' },
    commands: { ping },
    limits: { commands: 20, output: 10_000 },
  });
}

function checkPage(host = '', result = ''): string {
  return `<h1>Dukaan Cloud: store network check</h1>
<p>Billing counter showing "offline"? Ping your store router or one of our servers from the Dukaan Cloud server, and send the result to support.</p>
<form method="post" action="ping" class="lab-form">
  <label>Host name or IP address <input name="host" value="${esc(host)}" maxlength="${HOST_MAX}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
  <button type="submit">Ping</button>
</form>
<p class="lab-note">Try <code>10.20.0.1</code> (your store gateway), <code>store114-router.dukaan.internal</code> or <code>dns.google</code>.</p>
${result}
<details><summary>How this check works (from our developer docs)</summary><pre>${esc(APP_SOURCE)}</pre></details>`;
}

const target: LabTarget = {
  id: 'web-command-injection',
  routes: {
    'GET /': () => page('Network check', checkPage()),
    'GET /ping': (_request, lab) => redirect(lab, '/'),
    'POST /ping': (request, lab) => {
      const host = request.form().get('host') ?? '';
      if (host.length > HOST_MAX) {
        return page(
          'Network check',
          checkPage('', `<p class="lab-error" role="alert">A host is at most ${HOST_MAX} characters.</p>`),
          { status: 400 },
        );
      }
      // The flaw: the host is pasted into a command line that a shell parses.
      const result = runNetworkCheck(host);
      const proved = result.ran.includes('whoami') || result.read.includes('/home/carlos/secret');
      const flag = proved ? lab.solve() : null;
      const output = `<h2>Result</h2>
<pre>$ ${esc(`ping -c 1 ${host}`)}
${esc(result.stdout)}</pre>
${result.stderr ? `<p>Errors (stderr):</p><pre>${esc(result.stderr)}</pre>` : ''}
<p class="lab-muted">Exit status ${result.status} · finished in ${result.seconds.toFixed(2)} s on ${HOSTNAME}</p>
${flag ? `<div class="lab-card"><p>The server ran a command of yours: that is command injection, proved. Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>` : ''}`;
      return page('Network check', checkPage(host, output));
    },
  },
};

export default target;
