import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'net-capture-credentials',
  moduleId: 'network-penetration',
  lessonNumber: 13,
  title: 'Find the working password in an ARP-spoofed capture',
  difficulty: 'Beginner',
  objective:
    'A capture from an ARP spoof between a PC and a server holds clear-text logins. Find the one the server accepted and submit it as user:password; the lab then shows your flag.',
  hints: [
    'Use the display filter: try arp first (two addresses, one MAC), then ftp and http. Clear-text protocols show logins in the packet list or in a packet’s layers.',
    'Two logins cross the wire, and only one of them works. Check what the server answered each time: FTP 230 or 530, HTTP 200 or 401.',
    'Filter ftp || http.authorization. Open the HTTP request to see its Basic credentials decoded, or follow the FTP TCP stream for USER and PASS; submit the accepted one as user:password.',
  ],
  writeup: `1. Filter \`arp\`. Every two seconds, replies from \`08:00:27:5e:c4:91\` claim both
   10.20.30.10 and 10.20.30.45: the spoof that put your laptop in the middle.
2. Filter \`ftp\`. The packet list shows \`Request: USER …\`, \`Request: PASS …\` and the reply:
   \`230 Login successful.\` or \`530 Login incorrect.\`
3. Filter \`http.authorization\` and open the packet. The \`Authorization: Basic …\` header is only
   Base64 of \`user:password\`; the dissection shows it decoded as \`Credentials:\`. The next
   response is \`200 OK\` or \`401 Unauthorized\`.
4. Submit the login whose reply was 230 or 200. (\`Follow TCP stream\` shows a whole FTP session as
   text; on a desktop, open \`capture.pcap\` in Wireshark, or run \`tshark -r capture.pcap -z credentials\`.)

**Why it works:** ARP has no authentication, so the PC and the server both sent their frames to
your MAC. FTP and HTTP Basic add no encryption: whoever is on the path reads the password, and
Base64 is an encoding, not protection. The failed login is a reminder to check the server's
answer before you report a credential.

**The fix:** replace FTP with SFTP or FTPS and serve the intranet over HTTPS only, with HSTS.
On the switches, turn on DHCP snooping with Dynamic ARP Inspection so forged replies are dropped,
and alert on one MAC claiming two addresses. Change the exposed passwords.`,
};

export default lab;
