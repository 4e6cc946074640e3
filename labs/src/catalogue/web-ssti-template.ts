import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-ssti-template',
  moduleId: 'web-application',
  lessonNumber: 17,
  title: "Leak the card site's SECRET_KEY",
  difficulty: 'Intermediate',
  objective:
    "Rangoli Cards previews your Diwali e-card on the server. Make the preview print the Flask app's SECRET_KEY, the key that signs its session cookies; the lab then shows your flag.",
  hints: [
    'Preview a card whose message contains {{7*7}}, then one whose friend’s name does. Which field is evaluated?',
    "Fingerprint the engine with {{7*'7'}}: 7777777 means a Jinja2-style engine. What does Flask put in every template's context?",
    'Flask templates can read the app configuration as config. Print config, or just the one key you need from it.',
  ],
  writeup: `**Detect.** Write \`Happy Diwali {{7*7}}\` as the message and tap **Preview card**: the card says
\`Happy Diwali 49\`, so the message is evaluated as template code. The friend's name is not: typed there,
\`{{7*7}}\` comes back as text, because the app passes it to the template as data.

**Fingerprint.** \`{{7*'7'}}\` prints \`7777777\`: Python repeats the string, so this is Jinja2 (Twig
would print 49), and \`\${7*7}\` stays as text.

**Exploit.** Flask adds its configuration to every template's context as \`config\`. A message of
\`{{ config.SECRET_KEY }}\` prints the key, and the lab is solved. \`{{ config }}\` shows the whole
configuration, and the object graph offers other routes: \`{{ self.__dict__ }}\` shows the template's
context, and \`{{ cycler.__init__.__globals__.os.popen('id').read() }}\` proves code execution (run
\`cat .env\` the same way to read the key from disk).

**Why it works.** The server builds the template's source by concatenation:

\`\`\`python
card = "Dear {{ to }},\\n\\n" + message + "\\n\\nShubh Deepavali!"
render_template_string(card, to=to)
\`\`\`

Everything in \`message\` becomes template syntax; only \`to\` stays data. With \`SECRET_KEY\` an attacker
can forge a session cookie for any user.

**The fix** is to keep the source fixed and pass every input as a variable:
\`render_template_string("…{{ message }}…", to=to, message=message)\`, or render user-written templates with a
logic-less engine. Rotate the key once it has leaked.`,
};

export default lab;
