// A generated nmap scan (-sS -sV -O) of a fictional /28, shown as tables and as nmap XML
// (GET /scan.xml). One service is a version with a famous, publicly documented flaw; the
// other versions are old-looking, patched by backport, or simply another product. The
// learner names host:port and a CVE, and the lab runs its "exploit check" for that CVE
// against the simulated service there: each check decides from the service's real
// properties (product, upstream version, distribution backports, OS), the way the public
// exploit would succeed or fail, so a right CVE on the wrong host fails, and a patched
// version says why. Addresses, the vulnerable product and its port differ per instance.
import { esc, LabInputError, page, text, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { seededRandom, type SeededRandom } from './net-random';

type Software =
  | 'vsftpd'
  | 'proftpd'
  | 'openssh'
  | 'dropbear'
  | 'apache'
  | 'uhttpd'
  | 'dnsmasq'
  | 'samba'
  | 'mysql'
  | 'ms-rpc'
  | 'ms-netbios'
  | 'ms-smb'
  | 'ms-rdp'
  | 'printer-http'
  | 'jetdirect';

export interface ScanService {
  port: number;
  /** nmap's service name (ftp, ssh, http…). */
  name: string;
  product?: string;
  version?: string;
  extrainfo?: string;
  ostype?: string;
  tunnel?: 'ssl';
  cpe?: string;
  /** What really runs there, for the checks. */
  software: Software;
  /** The upstream version the checks compare (8.9p1, 2.4.52…). */
  upstream?: string;
  /** CVEs the distribution fixed by backporting, and the advisory that says so. */
  backported?: Record<string, string>;
  /** The first line the service sends, where it sends one. */
  banner?: string;
}

export interface ScanHost {
  ip: string;
  name: string;
  mac: string;
  vendor: string;
  os: string;
  osFamily: 'Linux' | 'Windows' | 'embedded';
  /** Windows build number, for the Windows checks. */
  build?: number;
  serviceInfo?: string;
  services: ScanService[];
}

export interface Scan {
  subnet: string;
  hosts: ScanHost[];
  /** Unix time the scan started. */
  started: number;
  /** The exploitable service (for tests and the write-up, never shown). */
  star: { ip: string; ports: number[]; cves: string[] };
}

type Star = 'vsftpd' | 'apache' | 'proftpd' | 'samba';
const STARS: readonly Star[] = ['vsftpd', 'apache', 'proftpd', 'samba'];

const DOMAIN = 'sahyadri.lan';

function ssh(
  port: number,
  upstream: string,
  distro: string,
  extrainfo: string,
  backported?: Record<string, string>,
): ScanService {
  return {
    port,
    name: 'ssh',
    product: 'OpenSSH',
    version: `${upstream}${distro ? ` ${distro}` : ''}`,
    extrainfo,
    ostype: 'Linux',
    cpe: `cpe:/a:openbsd:openssh:${upstream}`,
    software: 'openssh',
    upstream,
    ...(backported ? { backported } : {}),
    banner: `SSH-2.0-OpenSSH_${upstream}${distro ? ` ${distro.replace(' ', '-')}` : ''}`,
  };
}

function apache(port: number, upstream: string, extrainfo: string, ssl = false): ScanService {
  return {
    port,
    name: 'http',
    product: 'Apache httpd',
    version: upstream,
    extrainfo,
    ...(ssl ? { tunnel: 'ssl' as const } : {}),
    cpe: `cpe:/a:apache:http_server:${upstream}`,
    software: 'apache',
    upstream,
  };
}

function vsftpd(port: number, upstream: string): ScanService {
  return {
    port,
    name: 'ftp',
    product: 'vsftpd',
    version: upstream,
    ostype: 'Unix',
    cpe: `cpe:/a:vsftpd:vsftpd:${upstream}`,
    software: 'vsftpd',
    upstream,
    banner: `220 (vsFTPd ${upstream})`,
  };
}

function proftpd(port: number, upstream: string, ip: string): ScanService {
  return {
    port,
    name: 'ftp',
    product: 'ProFTPD',
    version: upstream,
    ostype: 'Unix',
    cpe: `cpe:/a:proftpd:proftpd:${upstream}`,
    software: 'proftpd',
    upstream,
    banner: `220 ProFTPD ${upstream} Server (Sahyadri archive) [${ip}]`,
  };
}

function samba(port: number, upstream: string, shown: string, workgroup: string): ScanService {
  return {
    port,
    name: 'netbios-ssn',
    product: 'Samba smbd',
    version: shown,
    extrainfo: `workgroup: ${workgroup}`,
    cpe: 'cpe:/a:samba:samba',
    software: 'samba',
    upstream,
  };
}

function mac(random: SeededRandom, prefix: string): string {
  const tail = Array.from({ length: 3 }, () => random.int(256).toString(16).padStart(2, '0').toUpperCase());
  return `${prefix}:${tail.join(':')}`;
}

/** The scan of this instance: deterministic from its secret. */
export function buildScan(lab: Pick<LabTools, 'instanceSecret'>): Scan {
  const random = seededRandom(lab.instanceSecret('net-scan-triage'));
  const a = random.between(16, 250);
  const b = random.between(0, 255);
  const c = random.int(16) * 16;
  const ipAt = (offset: number) => `10.${a}.${b}.${c + offset}`;
  const star = random.pick(STARS);
  // The gateway is .1 of the block, as is usual; the others land anywhere in it.
  const offsets = random.shuffle([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]).slice(0, 5);
  const [wwwAt, filesAt, wsAt, printerAt, starAt] = offsets as [number, number, number, number, number];
  const vm = () => mac(random, random.pick(['00:50:56', '00:0C:29']));

  const gateway: ScanHost = {
    ip: ipAt(1),
    name: `gw.${DOMAIN}`,
    mac: mac(random, '94:83:C4'),
    vendor: 'Unknown',
    os: 'OpenWrt 21.02 (Linux 5.4)',
    osFamily: 'embedded',
    serviceInfo: 'OS: Linux; CPE: cpe:/o:linux:linux_kernel',
    services: [
      {
        port: 22,
        name: 'ssh',
        product: 'Dropbear sshd',
        version: '2022.83',
        extrainfo: 'protocol 2.0',
        cpe: 'cpe:/a:matt_johnston:dropbear_ssh_server:2022.83',
        software: 'dropbear',
        upstream: '2022.83',
        banner: 'SSH-2.0-dropbear_2022.83',
      },
      {
        port: 53,
        name: 'domain',
        product: 'dnsmasq',
        version: '2.90',
        cpe: 'cpe:/a:thekelleys:dnsmasq:2.90',
        software: 'dnsmasq',
        upstream: '2.90',
      },
      { port: 80, name: 'http', product: 'OpenWrt uHTTPd', software: 'uhttpd' },
      { port: 443, name: 'http', product: 'OpenWrt uHTTPd', tunnel: 'ssl', software: 'uhttpd' },
    ],
  };
  const www: ScanHost = {
    ip: ipAt(wwwAt),
    name: `www.${DOMAIN}`,
    mac: vm(),
    vendor: 'VMware',
    os: 'Linux 4.15 - 5.19',
    osFamily: 'Linux',
    serviceInfo: 'OS: Linux; CPE: cpe:/o:linux:linux_kernel',
    services: [
      ssh(22, '8.9p1', 'Ubuntu 3ubuntu0.10', 'Ubuntu Linux; protocol 2.0', { 'CVE-2024-6387': 'USN-6859-1' }),
      apache(80, '2.4.52', '(Ubuntu)'),
      apache(443, '2.4.52', '(Ubuntu)', true),
      {
        port: 3306,
        name: 'mysql',
        product: 'MySQL',
        version: '8.0.39-0ubuntu0.22.04.1',
        cpe: 'cpe:/a:mysql:mysql:8.0.39-0ubuntu0.22.04.1',
        software: 'mysql',
        upstream: '8.0.39',
      },
    ],
  };
  const filesIp = ipAt(filesAt);
  const files: ScanHost = {
    ip: filesIp,
    name: `files.${DOMAIN}`,
    mac: vm(),
    vendor: 'VMware',
    os: 'Linux 4.15 - 5.19',
    osFamily: 'Linux',
    serviceInfo: 'Host: FILES; OSs: Unix, Linux; CPE: cpe:/o:linux:linux_kernel',
    services: [
      // The same family as the vulnerable FTP server, at a fixed version: a near miss.
      star === 'proftpd' ? proftpd(21, '1.3.8b', filesIp) : vsftpd(21, '3.0.3'),
      ssh(22, '9.2p1', 'Debian 2+deb12u3', 'protocol 2.0', { 'CVE-2024-6387': 'DSA-5724-1' }),
      samba(139, '4.17.12', '3.X - 4.X', 'SAHYADRI'),
      samba(445, '4.17.12', '4.17.12-Debian', 'SAHYADRI'),
    ],
  };
  const ws: ScanHost = {
    ip: ipAt(wsAt),
    name: `accts-ws07.${DOMAIN}`,
    mac: vm(),
    vendor: 'VMware',
    os: 'Microsoft Windows 10 1809 - 21H2',
    osFamily: 'Windows',
    build: 19044,
    serviceInfo: 'OS: Windows; CPE: cpe:/o:microsoft:windows',
    services: [
      { port: 135, name: 'msrpc', product: 'Microsoft Windows RPC', ostype: 'Windows', software: 'ms-rpc' },
      {
        port: 139,
        name: 'netbios-ssn',
        product: 'Microsoft Windows netbios-ssn',
        ostype: 'Windows',
        software: 'ms-netbios',
      },
      { port: 445, name: 'microsoft-ds?', software: 'ms-smb' },
      {
        port: 3389,
        name: 'ms-wbt-server',
        product: 'Microsoft Terminal Services',
        ostype: 'Windows',
        software: 'ms-rdp',
      },
    ],
  };
  const printer: ScanHost = {
    ip: ipAt(printerAt),
    name: `prn-2f.${DOMAIN}`,
    mac: mac(random, '3C:2A:F4'),
    vendor: 'Unknown',
    os: 'HP LaserJet printer (embedded)',
    osFamily: 'embedded',
    serviceInfo: 'Device: printer',
    services: [
      {
        port: 80,
        name: 'http',
        product: 'HP HTTP Server',
        extrainfo: 'HP LaserJet M404n printer http config',
        software: 'printer-http',
      },
      { port: 9100, name: 'jetdirect?', software: 'jetdirect' },
    ],
  };

  const starIp = ipAt(starAt);
  let starHost: ScanHost;
  let starPorts: number[];
  let cves: string[];
  const linuxHost = (name: string, os: string, services: ScanService[]): ScanHost => ({
    ip: starIp,
    name: `${name}.${DOMAIN}`,
    mac: vm(),
    vendor: 'VMware',
    os,
    osFamily: 'Linux',
    serviceInfo: 'OSs: Unix, Linux; CPE: cpe:/o:linux:linux_kernel',
    services,
  });
  if (star === 'vsftpd') {
    const port = random.pick([21, 2121]);
    starHost = linuxHost('legacy-ftp', 'Linux 4.15 - 5.19', [
      vsftpd(port, '2.3.4'),
      ssh(22, '7.6p1', 'Ubuntu 4ubuntu0.7', 'Ubuntu Linux; protocol 2.0'),
    ]);
    starPorts = [port];
    cves = ['CVE-2011-2523'];
  } else if (star === 'apache') {
    const port = random.pick([80, 8000, 8080]);
    starHost = linuxHost('devportal', 'Linux 4.15 - 5.19', [
      ssh(22, '9.6p1', 'Ubuntu 3ubuntu13.5', 'Ubuntu Linux; protocol 2.0', { 'CVE-2024-6387': 'USN-6859-1' }),
      apache(port, '2.4.49', '(Unix)'),
    ]);
    starPorts = [port];
    cves = ['CVE-2021-41773', 'CVE-2021-42013'];
  } else if (star === 'proftpd') {
    const port = random.pick([21, 2121]);
    starHost = linuxHost('ftp-archive', 'Linux 4.15 - 5.19', [
      proftpd(port, '1.3.5', starIp),
      ssh(22, '7.6p1', 'Ubuntu 4ubuntu0.7', 'Ubuntu Linux; protocol 2.0'),
      apache(80, '2.4.52', '(Ubuntu)'),
    ]);
    starPorts = [port];
    cves = ['CVE-2015-3306'];
  } else {
    starHost = linuxHost('old-nas', 'Linux 2.6.9 - 2.6.33', [
      samba(139, '3.0.20', '3.X - 4.X', 'WORKGROUP'),
      samba(445, '3.0.20', '3.0.20-Debian', 'WORKGROUP'),
    ]);
    starPorts = [139, 445];
    cves = ['CVE-2007-2447'];
  }
  const hosts = [gateway, www, files, ws, printer, starHost].sort(
    (x, y) => Number(x.ip.split('.')[3]) - Number(y.ip.split('.')[3]),
  );
  return {
    subnet: `10.${a}.${b}.${c}/28`,
    hosts,
    started: Date.UTC(2026, 2, 10, 5, 30) / 1000 + random.int(7200),
    star: { ip: starIp, ports: starPorts, cves },
  };
}

// ---------------------------------------------------------------------------------------
// The exploit-check kit: one module per CVE, each deciding from what really runs there.

interface CheckResult {
  vulnerable: boolean;
  lines: string[];
  /** Why it failed, in plain words. */
  reason?: string;
}

interface CheckModule {
  cve: string;
  summary: string;
  applies: Software[];
  check(host: ScanHost, service: ScanService): CheckResult;
}

/** Compares dotted versions with an optional pN suffix (8.9p1, 2.4.49, 3.0.25). */
export function compareVersions(left: string, right: string): number {
  const parts = (v: string) => v.split(/[.p]/).map((n) => Number.parseInt(n, 10) || 0);
  const l = parts(left);
  const r = parts(right);
  for (let i = 0; i < Math.max(l.length, r.length); i += 1) {
    const d = (l[i] ?? 0) - (r[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

const at = (host: ScanHost, service: ScanService) => `${host.ip}:${service.port}`;

const MODULES: CheckModule[] = [
  {
    cve: 'CVE-2011-2523',
    summary: 'the backdoor planted in the vsftpd 2.3.4 source archive in 2011',
    applies: ['vsftpd'],
    check(host, service) {
      const lines = [
        `[*] Connecting to ${at(host, service)}`,
        `<<< ${service.banner}`,
        '>>> USER ehccheck:)',
        '<<< 331 Please specify the password.',
        '>>> PASS ehccheck',
      ];
      if (service.upstream === '2.3.4') {
        return {
          vulnerable: true,
          lines: [
            ...lines,
            `[*] Connecting to ${host.ip}:6200 (the backdoor's listener)`,
            '>>> id',
            '<<< uid=0(root) gid=0(root)',
            '[+] VULNERABLE: the ":)" in the user name opened a root shell on port 6200.',
          ],
        };
      }
      return {
        vulnerable: false,
        lines: [
          ...lines,
          '<<< 530 Login incorrect.',
          `[*] Connecting to ${host.ip}:6200 … connection refused`,
          '[-] Not vulnerable.',
        ],
        reason: `This server runs vsftpd ${service.upstream}. Only the tampered vsftpd-2.3.4 archive of 2011 carried the backdoor, so nothing listens on port 6200.`,
      };
    },
  },
  {
    cve: 'CVE-2015-3306',
    summary: 'unauthenticated file copy through mod_copy (SITE CPFR/CPTO) in ProFTPD 1.3.5',
    applies: ['proftpd'],
    check(host, service) {
      const lines = [`[*] Connecting to ${at(host, service)}`, `<<< ${service.banner}`, '>>> SITE CPFR /etc/passwd'];
      if (service.upstream === '1.3.5') {
        return {
          vulnerable: true,
          lines: [
            ...lines,
            '<<< 350 File or directory exists, ready for destination name',
            '>>> SITE CPTO /var/www/html/ehc-check.txt',
            '<<< 250 Copy successful',
            `[*] GET http://${host.ip}/ehc-check.txt`,
            '<<< root:x:0:0:root:/root:/bin/bash',
            '[+] VULNERABLE: files copied before login; a PHP file copied into the web root runs commands.',
          ],
        };
      }
      return {
        vulnerable: false,
        lines: [...lines, '<<< 530 Please login with USER and PASS', '[-] Not vulnerable.'],
        reason: `ProFTPD ${service.upstream} refuses SITE CPFR before login: the mod_copy fix shipped in 1.3.5a, and later mod_copy bugs were fixed by 1.3.5e and 1.3.6b.`,
      };
    },
  },
  ...(['CVE-2021-41773', 'CVE-2021-42013'] as const).map((cve): CheckModule => ({
    cve,
    summary:
      cve === 'CVE-2021-41773'
        ? 'path traversal and command execution in Apache httpd 2.4.49'
        : 'path traversal and command execution in Apache httpd 2.4.49 and 2.4.50 (the incomplete fix of CVE-2021-41773)',
    applies: ['apache'],
    check(host, service) {
      const dots = cve === 'CVE-2021-41773' ? '.%2e' : '.%%32%65';
      const path = `/cgi-bin/${Array(4).fill(dots).join('/')}/bin/sh`;
      const lines = [`[*] POST ${service.tunnel ? 'https' : 'http'}://${at(host, service)}${path}`, '>>> echo; id'];
      const affected = service.upstream === '2.4.49' || (cve === 'CVE-2021-42013' && service.upstream === '2.4.50');
      if (affected) {
        return {
          vulnerable: true,
          lines: [
            ...lines,
            '<<< HTTP/1.1 200 OK',
            '<<< uid=1(daemon) gid=1(daemon) groups=1(daemon)',
            '[+] VULNERABLE: the encoded dot-segments escaped /cgi-bin and mod_cgi ran /bin/sh.',
          ],
        };
      }
      const older = compareVersions(service.upstream ?? '0', '2.4.49') < 0;
      return {
        vulnerable: false,
        lines: [...lines, older ? '<<< HTTP/1.1 400 Bad Request' : '<<< HTTP/1.1 404 Not Found', '[-] Not vulnerable.'],
        reason: older
          ? `Apache ${service.upstream} predates the path-normalisation change of 2.4.49 that introduced the flaw.`
          : `Apache ${service.upstream} includes the fixes (2.4.50 for CVE-2021-41773, 2.4.51 for CVE-2021-42013): the dot-segments are decoded and normalised before the file is mapped.`,
      };
    },
  })),
  {
    cve: 'CVE-2007-2447',
    summary: 'command injection through "username map script" in Samba 3.0.0 to 3.0.25rc3',
    applies: ['samba'],
    check(host, service) {
      const lines = [
        `[*] SMB session setup to ${at(host, service)} with user name "/=\`nohup id\`"`,
        `<<< Native LAN manager: Samba ${service.upstream}`,
      ];
      const version = service.upstream ?? '0';
      if (compareVersions(version, '3.0.0') >= 0 && compareVersions(version, '3.0.25') < 0) {
        return {
          vulnerable: true,
          lines: [
            ...lines,
            '<<< uid=0(root) gid=0(root)',
            '[+] VULNERABLE: smbd handed the user name to /bin/sh through "username map script".',
          ],
        };
      }
      return {
        vulnerable: false,
        lines: [...lines, '<<< NT_STATUS_LOGON_FAILURE', '[-] Not vulnerable.'],
        reason: `The session setup shows Samba ${version}; the user-name injection was fixed in 3.0.25, so the name is only a failed login.`,
      };
    },
  },
  {
    cve: 'CVE-2004-2687',
    summary: 'command execution through an unrestricted distcc daemon',
    applies: [],
    check: () => ({ vulnerable: false, lines: [] }),
  },
  {
    cve: 'CVE-2010-2075',
    summary: 'the backdoor in the UnrealIRCd 3.2.8.1 archive',
    applies: [],
    check: () => ({ vulnerable: false, lines: [] }),
  },
  {
    cve: 'CVE-2024-6387',
    summary: 'regreSSHion, a signal-handler race in OpenSSH sshd (before 4.4p1, and 8.5p1 to 9.7p1)',
    applies: ['openssh'],
    check(host, service) {
      const version = service.upstream ?? '0';
      const lines = [`[*] Connecting to ${at(host, service)}`, `<<< ${service.banner}`];
      const inRange =
        compareVersions(version, '4.4p1') < 0 ||
        (compareVersions(version, '8.5p1') >= 0 && compareVersions(version, '9.8p1') < 0);
      if (!inRange) {
        return {
          vulnerable: false,
          lines: [...lines, '[-] Not vulnerable (version outside the affected ranges).'],
          reason: `OpenSSH ${version} is outside the affected ranges (before 4.4p1, and 8.5p1 up to 9.8p1). Old is not the same as vulnerable to this CVE.`,
        };
      }
      const advisory = service.backported?.['CVE-2024-6387'];
      if (advisory) {
        return {
          vulnerable: false,
          lines: [
            ...lines,
            `[*] Package build ${service.version} carries the backported fix (${advisory}).`,
            '[-] Not vulnerable.',
          ],
          reason: `Upstream ${version} is in range, but the banner names the distribution build "${service.version}", which includes the fix (${advisory}). A version-only scanner would flag it: a false positive.`,
        };
      }
      return {
        vulnerable: true,
        lines: [...lines, '[+] VULNERABLE (unpatched build in the affected range).'],
      };
    },
  },
  {
    cve: 'CVE-2019-0708',
    summary:
      'BlueKeep, pre-authentication code execution in Remote Desktop Services on Windows 7, Server 2008 R2 and older',
    applies: ['ms-rdp'],
    check(host, service) {
      const legacy = (host.build ?? 0) < 9200;
      return {
        vulnerable: legacy,
        lines: [
          `[*] RDP connection to ${at(host, service)}`,
          `<<< Product version ${legacy ? '6.1.7601' : `10.0.${host.build}`}`,
          legacy ? '[+] VULNERABLE' : '[-] Not vulnerable.',
        ],
        reason: `The host answers as Windows build 10.0.${host.build} (Windows 10). BlueKeep affects Windows XP, Vista, 7, Server 2003, 2008 and 2008 R2 only.`,
      };
    },
  },
  {
    cve: 'CVE-2017-0144',
    summary: 'EternalBlue, SMBv1 remote code execution in Windows, fixed by MS17-010',
    applies: ['ms-smb'],
    check(host, service) {
      return {
        vulnerable: false,
        lines: [
          `[*] SMB negotiation with ${at(host, service)}`,
          '<<< SMB 3.1.1 selected; SMBv1 dialect refused',
          '[-] Not vulnerable.',
        ],
        reason: `Windows 10 build ${host.build} was released after MS17-010 (March 2017) and has SMBv1 off: there is nothing for EternalBlue to talk to.`,
      };
    },
  },
  {
    cve: 'CVE-2014-0160',
    summary: 'Heartbleed, a memory over-read in the TLS heartbeat of OpenSSL 1.0.1 to 1.0.1f',
    applies: ['apache', 'uhttpd', 'printer-http'],
    check(host, service) {
      if (!service.tunnel) {
        return {
          vulnerable: false,
          lines: [`[*] ${at(host, service)} does not speak TLS`, '[-] Not applicable.'],
          reason: `Port ${service.port} is plain HTTP: Heartbleed needs a TLS connection.`,
        };
      }
      return {
        vulnerable: false,
        lines: [
          `[*] TLS handshake with ${at(host, service)}`,
          '>>> Heartbeat request, payload length 16384, 1 byte sent',
          '<<< (no heartbeat response)',
          '[-] Not vulnerable.',
        ],
        reason: 'The server ignored the oversized heartbeat: its TLS library is not OpenSSL 1.0.1–1.0.1f.',
      };
    },
  },
];

/** The CVEs the check kit has a module for. */
export const CHECK_CVES: readonly string[] = MODULES.map((m) => m.cve);

function describeService(service: ScanService): string {
  const what = [service.product, service.version].filter(Boolean).join(' ');
  return what || `an unidentified service (${service.name})`;
}

export function normaliseCve(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  const match = /^(?:CVE[-_ ]?)?(\d{4})[-_ ](\d{4,7})$/.exec(value);
  return match ? `CVE-${match[1]}-${match[2]}` : null;
}

export interface CheckOutcome {
  solved: boolean;
  lines: string[];
  message: string;
}

/** Runs the learner's check: every refusal says why. */
export function exploitCheck(scan: Scan, target: string, rawCve: string): CheckOutcome {
  const match = /^\s*(\d{1,3}(?:\.\d{1,3}){3})\s*:\s*(\d{1,5})\s*$/.exec(target);
  if (!match) return { solved: false, lines: [], message: 'Write the target as host:port, for example 10.1.2.3:21.' };
  const ip = match[1]!;
  const port = Number(match[2]);
  const cve = normaliseCve(rawCve);
  if (!cve) return { solved: false, lines: [], message: 'Write the CVE as CVE-YYYY-NNNN, for example CVE-2014-0160.' };
  const host = scan.hosts.find((h) => h.ip === ip);
  if (!host) {
    return {
      solved: false,
      lines: [],
      message: `${ip} did not answer the scan${ipInSubnet(ip, scan.subnet) ? '' : `, and it is outside the scope (${scan.subnet})`}. Pick a host from the results.`,
    };
  }
  const service = host.services.find((s) => s.port === port);
  if (!service) {
    return {
      solved: false,
      lines: [],
      message: `Port ${port} on ${ip} is not open in the scan, so there is nothing there to exploit.`,
    };
  }
  const module = MODULES.find((m) => m.cve === cve);
  if (!module) {
    return {
      solved: false,
      lines: [],
      message: `The check kit has no module for ${cve}. Look the exact version up (NVD, the vendor's advisory, Exploit-DB) and use the CVE that names its remote code execution flaw.`,
    };
  }
  if (!module.applies.includes(service.software)) {
    return {
      solved: false,
      lines: [],
      message: `${cve} is ${module.summary}; ${ip}:${port} runs ${describeService(service)}.`,
    };
  }
  const result = module.check(host, service);
  return {
    solved: result.vulnerable,
    lines: [`$ exploit-check ${cve} ${ip}:${port}`, ...result.lines],
    message: result.vulnerable
      ? `Confirmed: ${ip}:${port} (${describeService(service)}) is vulnerable to ${cve}, ${module.summary}.`
      : (result.reason ?? 'Not vulnerable.'),
  };
}

function ipInSubnet(ip: string, subnet: string): boolean {
  const [base] = subnet.split('/');
  const toNumber = (v: string) => v.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const start = toNumber(base!);
  const value = toNumber(ip);
  return value >= start && value < start + 16;
}

// ---------------------------------------------------------------------------------------
// Rendering.

const fmtTime = (seconds: number) => new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 16);

/** The time as nmap's XML writes it (C's asctime, UTC here): `Tue Mar 10 05:30:00 2026`. */
function ctime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  return `${day} ${month} ${String(d.getUTCDate()).padStart(2, ' ')} ${d.toISOString().slice(11, 19)} ${d.getUTCFullYear()}`;
}

function versionText(service: ScanService): string {
  const main = [service.product, service.version].filter(Boolean).join(' ');
  return service.extrainfo ? `${main} (${service.extrainfo})` : main;
}

function serviceName(service: ScanService): string {
  return service.tunnel ? `${service.tunnel}/${service.name}` : service.name;
}

function hostTable(host: ScanHost): string {
  return `<section class="lab-card" aria-labelledby="h-${esc(host.ip.replaceAll('.', '-'))}">
<h2 id="h-${esc(host.ip.replaceAll('.', '-'))}">${esc(host.ip)} <span class="lab-muted">(${esc(host.name)})</span></h2>
<table>
<thead><tr><th scope="col">Port</th><th scope="col">State</th><th scope="col">Service</th><th scope="col">Version</th></tr></thead>
<tbody>
${host.services
  .map(
    (s) => `<tr><td>${s.port}/tcp</td><td>open</td><td>${esc(serviceName(s))}</td><td>${esc(versionText(s))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
<p class="lab-muted">MAC Address: ${esc(host.mac)} (${esc(host.vendor)})<br>OS details: ${esc(host.os)}${host.serviceInfo ? `<br>Service Info: ${esc(host.serviceInfo)}` : ''}</p>
</section>`;
}

function checkForm(target = '', cve = ''): string {
  return `<section class="lab-card" aria-labelledby="check-title">
<h2 id="check-title">Exploit check</h2>
<p>Name the one service you would report first, and the CVE of its flaw. The check kit then does against the simulated host what the public exploit does, and shows you the transcript.</p>
<form method="post" action="check" class="lab-form">
  <label>Target (host:port) <input name="target" value="${esc(target)}" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder="10.0.0.5:21" required></label>
  <label>CVE <input name="cve" value="${esc(cve)}" autocapitalize="characters" autocomplete="off" spellcheck="false" placeholder="CVE-YYYY-NNNN" required></label>
  <button type="submit">Run exploit check</button>
</form>
</section>`;
}

function scanPage(scan: Scan, extra = ''): string {
  return `<h1>Scan triage</h1>
<p>Sahyadri Logistics (a fictional company) has authorised an internal test of one network block, <code>${esc(scan.subnet)}</code>, in writing. Your scan finished; one service on it has a famous, publicly documented flaw that gives remote code execution. Triage the versions, confirm that one, and leave the patched look-alikes alone.</p>
${extra}
<details class="lab-card">
<summary>The command that made this scan</summary>
<pre>sudo nmap -sS -sV -O -p- -T4 -oA scans/sahyadri ${esc(scan.subnet)}</pre>
<p>Started ${esc(fmtTime(scan.started))} UTC. ${scan.hosts.length} hosts up, ${16 - scan.hosts.length} down; closed ports are not shown. Raw results: <a href="scan.xml">scan.xml</a> (nmap XML).</p>
</details>
${scan.hosts.map(hostTable).join('\n')}
${checkForm()}`;
}

/** The scan in nmap's XML output format (-oX), as nmap 7.94 writes it. */
export function scanXml(scan: Scan): string {
  const x = esc;
  const hostXml = (host: ScanHost, index: number) => {
    const start = scan.started + 20 + index * 3;
    const services = host.services
      .map((s) => {
        const attributes = [
          `name="${x(s.name)}"`,
          s.product && `product="${x(s.product)}"`,
          s.version && `version="${x(s.version)}"`,
          s.extrainfo && `extrainfo="${x(s.extrainfo)}"`,
          s.ostype && `ostype="${x(s.ostype)}"`,
          s.tunnel && `tunnel="${x(s.tunnel)}"`,
          `method="${s.product ? 'probed' : 'table'}"`,
          `conf="${s.product ? 10 : 3}"`,
        ].filter(Boolean);
        return `<port protocol="tcp" portid="${s.port}"><state state="open" reason="syn-ack" reason_ttl="${host.osFamily === 'Windows' ? 128 : 64}"/><service ${attributes.join(' ')}>${s.cpe ? `<cpe>${x(s.cpe)}</cpe>` : ''}</service></port>`;
      })
      .join('\n');
    return `<host starttime="${start}" endtime="${start + 41}"><status state="up" reason="arp-response" reason_ttl="0"/>
<address addr="${x(host.ip)}" addrtype="ipv4"/>
<address addr="${x(host.mac)}" addrtype="mac"${host.vendor === 'Unknown' ? '' : ` vendor="${x(host.vendor)}"`}/>
<hostnames><hostname name="${x(host.name)}" type="PTR"/></hostnames>
<ports><extraports state="closed" count="${65535 - host.services.length}"><extrareasons reason="reset" count="${65535 - host.services.length}" proto="tcp"/></extraports>
${services}
</ports>
<os><osmatch name="${x(host.os)}" accuracy="${host.osFamily === 'embedded' ? 92 : 100}" line="0"/></os>
<times srtt="412" rttvar="180" to="100000"/>
</host>`;
  };
  const end = scan.started + 20 + scan.hosts.length * 3 + 48;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nmaprun>
<nmaprun scanner="nmap" args="nmap -sS -sV -O -p- -T4 -oA scans/sahyadri ${x(scan.subnet)}" start="${scan.started}" startstr="${x(ctime(scan.started))}" version="7.94" xmloutputversion="1.05">
<scaninfo type="syn" protocol="tcp" numservices="65535" services="1-65535"/>
<verbose level="0"/>
<debugging level="0"/>
${scan.hosts.map(hostXml).join('\n')}
<runstats><finished time="${end}" timestr="${x(ctime(end))}" summary="Nmap done at ${x(ctime(end))}; 16 IP addresses (${scan.hosts.length} hosts up) scanned in ${end - scan.started}.00 seconds" elapsed="${end - scan.started}.00" exit="success"/><hosts up="${scan.hosts.length}" down="${16 - scan.hosts.length}" total="16"/></runstats>
</nmaprun>
`;
}

const MAX_FIELD = 200;

function checkPage(request: { form(): URLSearchParams }, lab: LabTools): LabResponse {
  const form = request.form();
  const target = form.get('target') ?? '';
  const cve = form.get('cve') ?? '';
  if (target.length > MAX_FIELD || cve.length > MAX_FIELD) throw new LabInputError('That field is too long.');
  const scan = buildScan(lab);
  const outcome = exploitCheck(scan, target, cve);
  const transcript = outcome.lines.length ? `<pre>${esc(outcome.lines.join('\n'))}</pre>` : '';
  if (outcome.solved) {
    const flag = lab.solve();
    return page(
      'Exploit check: confirmed',
      `<h1>Exploit check: confirmed</h1>
${transcript}
<p>${esc(outcome.message)}</p>
<p>This is the finding to report first: validated, remote, unauthenticated code execution. The look-alikes you ruled out belong in your notes with the reason.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>
<p><a href="./">Back to the scan</a></p>`,
    );
  }
  return page(
    'Exploit check',
    `<h1>Exploit check</h1>
${transcript}
<p class="lab-error" role="alert">${esc(outcome.message)}</p>
${checkForm(target, cve)}
<p><a href="./">Back to the scan</a></p>`,
  );
}

const target: LabTarget = {
  id: 'net-scan-triage',
  routes: {
    'GET /': (_request, lab) => page('Scan triage', scanPage(buildScan(lab))),
    'GET /scan.xml': (_request, lab) =>
      text(scanXml(buildScan(lab)), {
        contentType: 'application/xml; charset=utf-8',
        headers: { 'content-disposition': 'inline; filename="scan.xml"' },
      }),
    'GET /check': (_request, lab) => page('Scan triage', scanPage(buildScan(lab))),
    'POST /check': checkPage,
  },
};

export default target;
