import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'mobile-exported-deeplink',
  moduleId: 'mobile-hacking',
  lessonNumber: 9,
  title: 'Open a hidden staff screen through an exported deep link',
  difficulty: 'Intermediate',
  objective:
    'TazaTokri’s Android app keeps a dark-store console in an activity that is not exported. From the adb terminal, as an ordinary caller, make that console open on the emulator; it then shows your flag.',
  hints: [
    'Read AndroidManifest.xml: which activities are exported, and which one has a deep-link intent filter? Try am start -n on the staff console first and read the error.',
    'Open LinkRouterActivity in the decompiled sources. What does its /go route do with next and with the other query parameters, and whose identity does its startActivity use?',
    'StaffLoginActivity shows the extra the console expects. Send a VIEW intent for tazatokri://open/go?next=internal.StaffConsoleActivity&… and keep the & inside quotes that the device’s shell sees.',
  ],
  writeup: `1. Open **AndroidManifest.xml**. \`internal.StaffConsoleActivity\` has \`exported="false"\`;
\`deeplink.LinkRouterActivity\` is exported, with a filter for \`tazatokri://open\` (and a verified
App Link on \`https://tazatokri.in/app\`).
2. \`adb shell am start -n in.tazatokri.app/.internal.StaffConsoleActivity\` fails with
\`SecurityException: … not exported from uid 10187\`: the shell user (uid 2000) is another app.
3. In **LinkRouterActivity**, the \`/go\` route makes an explicit intent for
\`getPackageName() + "." + next\`, copies every other query parameter in as a string extra, and
starts it. **StaffConsoleActivity** only checks \`staff_session\` equals \`verified\`, the value
**StaffLoginActivity** sets.
4. At the device prompt, run

\`\`\`
am start -a android.intent.action.VIEW -d 'tazatokri://open/go?next=internal.StaffConsoleActivity&staff_session=verified'
\`\`\`

(from your computer: \`adb shell "am start -a android.intent.action.VIEW -d '…'"\`, or the device’s
shell cuts the line at the \`&\`). The logcat shows the router started from uid 2000 and the
console from uid **10187**, the app itself, so the export check never applied.

This is **intent redirection**: an exported component launching what its caller names borrows
the app’s identity for the caller. The same link could sit on any web page or in an SMS.

**The fix:** map deep-link routes to a fixed allowlist of screens and never build a class name or
extras from the link; make sensitive screens check a real server-side session instead of an extra.`,
};

export default lab;
