import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'htm-hid-keystrokes',
  moduleId: 'hacking-through-mobile',
  lessonNumber: 5,
  title: 'Decode the keystrokes a phone injected over USB',
  difficulty: 'Beginner',
  objective:
    'A phone posing as a USB keyboard typed a payload into a reception PC. Decode the captured HID reports, find the password the payload gave its new account, and submit it; the lab then shows your flag.',
  hints: [
    'Open the capture and find the first report with byte 0 set to 08: that is the Windows key. What key is held with it, and what does that open?',
    'Each key press is two reports: one with the key, then all zeros for the release. Only the first one types a character. Byte 0 tells you whether Shift was held (02 left, 20 right).',
    'The password follows "net user svc_print ". For each report with Shift held, take the "with Shift" column of the US table: Shift plus the 2 key is @, Shift plus 1 is !.',
  ],
  writeup: `1. Open **Capture**. Every line is a time and an 8-byte boot-keyboard report: byte 0 is the
modifier bitmap, byte 1 is reserved, bytes 2–7 are usage IDs of the keys held down.
2. The first report is \`08 00 15 …\`: Left GUI plus usage \`0x15\` (R), the Run dialog. Then \`06 10 07\`
(c, m, d) and \`28\` (Enter) start a command prompt.
3. Paste the lines after that into the **Report decoder**, or read them with the **Usage table**.
Skip the all-zero release reports. A report like \`02 00 10 …\` (or \`20 00 10 …\`) is Shift plus M,
so a capital M. \`02 00 1f\` is Shift plus the 2 key, which a US layout turns into \`@\`.
4. The typed line is \`net user svc_print <password> /add && net localgroup administrators svc_print /add\`.
Submit the password exactly, capitals and symbols included.

**Why it works:** a host trusts any device that declares interface class 03/01/01. The reports carry
key positions, not characters, and the host's own layout turns them into text. That is also why the
same capture read with a UK layout gives \`"\` instead of \`@\`.

**The fix:** default-deny USB device control (USBGuard enforcing, not auditing; Windows device
installation restrictions), short screen locks, and an alert when a new keyboard is followed by a
shell within seconds (event 6416 then \`cmd.exe\` from \`explorer.exe\`). Disable the account and treat
the password as burned.`,
};

export default lab;
