import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'net-scan-triage',
  moduleId: 'network-penetration',
  lessonNumber: 6,
  title: 'Triage a scan and confirm the exploitable service',
  difficulty: 'Beginner',
  objective:
    'An nmap scan of a fictional /28 lists a dozen services. Find the one whose version has a famous, publicly documented remote-code-execution flaw, and confirm it with the exploit check (host:port and CVE); the lab then shows your flag.',
  hints: [
    'Read the Version column host by host. A version with a distribution build suffix, such as 8.9p1 Ubuntu 3ubuntu0.10, usually has its fixes backported: old-looking is not the same as vulnerable.',
    'Look for a version that is famous in its own right: a tampered download, or a release whose flaw has a Metasploit module. Searching "product version CVE" or running searchsploit answers quickly.',
    'This lab can show vsftpd 2.3.4, Apache httpd 2.4.49, ProFTPD 1.3.5 or Samba 3.0.20. Find the one in your scan and submit its host:port with the CVE that NVD gives for it.',
  ],
  writeup: `1. Read the scan (or \`scan.xml\`). Most versions are current, or are distribution builds
   that carry backported fixes, such as \`OpenSSH 8.9p1 Ubuntu 3ubuntu0.10\` (regreSSHion,
   CVE-2024-6387, fixed by USN-6859-1).
2. One service stands out. Your instance shows one of these, at an address and port of its own:

| Version | CVE | The flaw |
|---|---|---|
| vsftpd 2.3.4 | CVE-2011-2523 | a backdoor in the tampered archive: \`:)\` in the user name opens a root shell on port 6200 |
| Apache httpd 2.4.49 | CVE-2021-41773 (and CVE-2021-42013) | \`.%2e/\` escapes \`/cgi-bin\`; with mod_cgi it runs commands |
| ProFTPD 1.3.5 | CVE-2015-3306 | mod_copy's \`SITE CPFR\`/\`SITE CPTO\` copy files before login |
| Samba 3.0.20 | CVE-2007-2447 | "username map script" hands the user name to \`/bin/sh\` (port 139 or 445) |

3. Submit \`host:port\` and the CVE. The exploit check runs what the public exploit does against
   that simulated service and shows the transcript. The same CVE on the patched look-alike
   (vsftpd 3.0.3, Apache 2.4.52…) fails, and the check says why.

**Why it works:** a banner is a hypothesis. Validation by an exploit check turns it into a
finding, and rules out false positives with evidence.

**The fix:** upgrade or remove the service (each of these was fixed years ago), keep an asset
inventory so forgotten hosts get patched, run authenticated scans, and put KEV-listed and
high-EPSS flaws on exposed services first.`,
};

export default lab;
