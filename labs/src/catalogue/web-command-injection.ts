import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-command-injection',
  moduleId: 'web-application',
  lessonNumber: 16,
  title: 'Run whoami through a network check',
  difficulty: 'Beginner',
  objective:
    "Dukaan Cloud's store network check pings the host you give it. Make the server run whoami as well, the lesson's safe proof of command execution; the page then shows your flag.",
  hints: [
    'Ping 10.20.0.1 first, then open "How this check works". How does the host get into the command?',
    'The whole line goes to /bin/sh. Which characters make a shell start a second command after the first?',
    'Type the host, then a separator and the command: 127.0.0.1; whoami. $(whoami) in place of the host works too.',
  ],
  writeup: `The page builds one string and hands it to a shell:

\`\`\`python
subprocess.run("ping -c 1 " + host, shell=True, capture_output=True, text=True)
\`\`\`

Type \`127.0.0.1; whoami\` in the host field and tap **Ping**. The shell receives

\`\`\`sh
ping -c 1 127.0.0.1; whoami
\`\`\`

and, because \`;\` ends a command, it runs \`ping\` and then \`whoami\`. The result shows the ping
statistics followed by \`www-data\`: the account the web server runs as, which is the core of your
impact statement. Other separators work by the same rules: \`127.0.0.1 && whoami\` (runs because ping
succeeded), \`nosuch || whoami\` (runs because it failed), \`127.0.0.1 | whoami\`, or \`$(whoami)\` as the
whole host, which runs first and leaks its output in ping's error (\`ping: www-data: Name or service
not known\`). Note that \`127.0.0.1 || whoami\` shows nothing: ping succeeded, so the shell skipped it.
From there \`; ls /home\` and \`; cat /home/carlos/secret\` show what an attacker could read.

**The fix** is to take the shell out: call ping with an argument list, \`subprocess.run(["ping", "-c",
"1", "--", host])\`, after validating \`host\` strictly (a real IP address parser, or a tight host-name
pattern), so \`;\` is only ever part of a name that fails to resolve. Better still, use an ICMP library,
and run the app as an account that can read nothing it does not need.`,
};

export default lab;
