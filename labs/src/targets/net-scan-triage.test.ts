import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import { buildScan, CHECK_CVES, exploitCheck, normaliseCve, scanXml } from './net-scan-triage';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

/** What a tester knows (or looks up) about the versions this lab can show. */
const KNOWN_RCE: Record<string, string> = {
  'vsftpd 2.3.4': 'CVE-2011-2523',
  'Apache httpd 2.4.49 ((Unix))': 'CVE-2021-41773',
  'ProFTPD 1.3.5': 'CVE-2015-3306',
  'Samba smbd 3.0.20-Debian (workgroup: WORKGROUP)': 'CVE-2007-2447',
};

interface Row {
  ip: string;
  port: number;
  service: string;
  version: string;
}

/** The scan tables of the home page, as a learner reads them. */
function readScan(body: string): Row[] {
  const rows: Row[] = [];
  for (const section of body.matchAll(/<h2 id="h-[^"]+">([\d.]+) [\s\S]*?<\/table>/g)) {
    for (const row of section[0].matchAll(
      /<tr><td>(\d+)\/tcp<\/td><td>open<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
    )) {
      rows.push({ ip: section[1]!, port: Number(row[1]), service: row[2]!, version: row[3]! });
    }
  }
  return rows;
}

const fakeLab = (seed: string) => ({
  instanceSecret: (purpose: string) => createHash('sha256').update(`${seed}/${purpose}`).digest('hex').slice(0, 32),
});

describe('lab net-scan-triage', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by picking the one famous vulnerable version from the scan and naming its CVE', async () => {
    // Several starts, so that different vulnerable products come up.
    for (let start = 0; start < 4; start += 1) {
      lab = await startTestLab('net-scan-triage');
      const home = await lab.get('/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('action="check"');
      const rows = readScan(home.body);
      expect(rows.length).toBeGreaterThan(12);
      const vulnerable = rows.filter((row) => KNOWN_RCE[row.version]);
      expect(vulnerable, rows.map((r) => r.version).join('\n')).toHaveLength(1);
      const pick = vulnerable[0]!;
      const answer = await lab.post('/check', { target: `${pick.ip}:${pick.port}`, cve: KNOWN_RCE[pick.version]! });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('[+] VULNERABLE');
      expect(answer.body).toContain('Confirmed');
      expect(showsFlag(answer.body, lab.flag)).toBe(true);
      if (start < 3) await lab.close();
    }
  });

  it('serves the same scan as nmap XML', async () => {
    lab = await startTestLab('net-scan-triage');
    const rows = readScan((await lab.get('/')).body);
    const xml = await lab.get('/scan.xml');
    expect(xml.status).toBe(200);
    expect(String(xml.headers['content-type'])).toContain('application/xml');
    expect(xml.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE nmaprun>\n<nmaprun scanner="nmap"/);
    expect(xml.body.trim().endsWith('</nmaprun>')).toBe(true);
    for (const row of rows) {
      const host = xml.body.split('<host ').find((h) => h.includes(`addr="${row.ip}" addrtype="ipv4"`));
      expect(host, row.ip).toBeDefined();
      expect(host).toContain(`portid="${row.port}"`);
    }
    expect(xml.body.match(/<host /g)).toHaveLength(new Set(rows.map((r) => r.ip)).size);
  });

  it('explains the near misses and shows no flag for them', async () => {
    lab = await startTestLab('net-scan-triage');
    const rows = readScan((await lab.get('/')).body);
    const star = rows.find((row) => KNOWN_RCE[row.version])!;
    const cve = KNOWN_RCE[star.version]!;
    const files = rows.filter((row) => row.ip !== star.ip);
    const cases: [string, string, string][] = [];
    // The patched look-alike of the same product on another host.
    const lookalike = files.find(
      (row) => row.service === star.service && row.version.split(' ')[0] === star.version.split(' ')[0],
    );
    if (lookalike) cases.push([`${lookalike.ip}:${lookalike.port}`, cve, 'Not vulnerable']);
    // A backported OpenSSH that a version-only scanner flags.
    const ubuntuSsh = rows.find((row) => row.version.includes('8.9p1 Ubuntu 3ubuntu0.10'))!;
    cases.push([`${ubuntuSsh.ip}:${ubuntuSsh.port}`, 'CVE-2024-6387', 'USN-6859-1']);
    // BlueKeep on a Windows 10 workstation.
    const rdp = rows.find((row) => row.port === 3389)!;
    cases.push([`${rdp.ip}:3389`, 'CVE-2019-0708', 'BlueKeep affects Windows XP']);
    // The right host with the wrong product's CVE, a closed port, an unknown CVE, out of scope.
    cases.push([`${star.ip}:${star.port}`, cve === 'CVE-2011-2523' ? 'CVE-2015-3306' : 'CVE-2011-2523', 'runs']);
    cases.push([`${star.ip}:31337`, cve, 'is not open in the scan']);
    cases.push([`${star.ip}:${star.port}`, 'CVE-2099-12345', 'no module for CVE-2099-12345']);
    cases.push(['192.0.2.7:21', cve, 'outside the scope']);
    for (const [targetField, cveField, says] of cases) {
      const answer = await lab.post('/check', { target: targetField, cve: cveField });
      expect(answer.status, targetField).toBe(200);
      expect(answer.body, `${targetField} ${cveField}`).toContain(says);
      expect(answer.body, targetField).not.toContain(lab.flag);
      expect(showsFlag(answer.body, lab.flag)).toBe(false);
    }
  });

  it('varies the block, the hosts and the ports between instances', async () => {
    lab = await startTestLab('net-scan-triage');
    const first = readScan((await lab.get('/')).body);
    await lab.close();
    lab = await startTestLab('net-scan-triage');
    const second = readScan((await lab.get('/')).body);
    expect(first.map((r) => r.ip).join()).not.toBe(second.map((r) => r.ip).join());
  });
});

describe('the exploit-check kit', () => {
  it('confirms exactly the star service with its CVEs, over many instances and every module', () => {
    const stars = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const scan = buildScan(fakeLab(`seed-${i}`));
      expect(scan.hosts).toHaveLength(6);
      stars.add(scan.star.cves[0]!);
      for (const host of scan.hosts) {
        expect(host.ip.startsWith(scan.subnet.split('.').slice(0, 3).join('.'))).toBe(true);
        for (const service of host.services) {
          for (const cve of CHECK_CVES) {
            const outcome = exploitCheck(scan, `${host.ip}:${service.port}`, cve);
            const expected =
              host.ip === scan.star.ip && scan.star.ports.includes(service.port) && scan.star.cves.includes(cve);
            expect(outcome.solved, `${host.ip}:${service.port} ${cve}`).toBe(expected);
            expect(outcome.message.length).toBeGreaterThan(10);
          }
        }
      }
    }
    expect(stars).toEqual(new Set(['CVE-2011-2523', 'CVE-2021-41773', 'CVE-2015-3306', 'CVE-2007-2447']));
  });

  it('decides from the service, not from the answer: a fixed vsftpd on the star host is not confirmed', () => {
    for (let i = 0; i < 40; i += 1) {
      const scan = buildScan(fakeLab(`vsftpd-${i}`));
      if (scan.star.cves[0] !== 'CVE-2011-2523') continue;
      const target = `${scan.star.ip}:${scan.star.ports[0]}`;
      expect(exploitCheck(scan, target, 'cve-2011-2523').solved).toBe(true);
      const service = scan.hosts.find((h) => h.ip === scan.star.ip)!.services.find((s) => s.software === 'vsftpd')!;
      service.upstream = '2.3.5';
      const patched = exploitCheck(scan, target, 'CVE-2011-2523');
      expect(patched.solved).toBe(false);
      expect(patched.lines.join('\n')).toContain('connection refused');
      return;
    }
    throw new Error('no vsftpd instance in 40 seeds');
  });

  it('reads CVE ids the way people write them', () => {
    expect(normaliseCve(' cve-2011-2523 ')).toBe('CVE-2011-2523');
    expect(normaliseCve('2021-41773')).toBe('CVE-2021-41773');
    expect(normaliseCve('CVE 2015 3306')).toBe('CVE-2015-3306');
    expect(normaliseCve('vsftpd')).toBeNull();
  });

  it('escapes the XML it writes', () => {
    const xml = scanXml(buildScan(fakeLab('xml')));
    expect(xml).not.toMatch(/="[^"]*<[^"]*"/);
    expect(xml).toContain('<runstats>');
  });
});
