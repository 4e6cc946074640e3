import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'wifi-wps-pin-checksum',
  moduleId: 'wifi-hacking',
  lessonNumber: 9,
  title: 'Recover a WPS PIN through its two halves and checksum',
  difficulty: 'Intermediate',
  objective:
    'Your lab router has WPS PIN enabled and allows 1,200 attempts in your test window. Use the protocol’s M4/M6 leak and the checksum digit to find its PIN within that budget; the AP then sends its passphrase in M7 and the lab shows your flag.',
  hints: [
    'Read yesterday’s reaver log. Every attempt ended in a NACK, but not all at the same message. What does an AP that answers M4 with M5 tell you?',
    'With the first four digits known, the other four are 10,000 guesses, which does not fit the window. But the eighth digit is not secret: it is a checksum of the first seven.',
    'Put the first half into "Build a PIN list" with digits 5 to 7 from 000 to 999: 1,000 PINs, each with its checksum digit. Run the list against the AP.',
  ],
  writeup: `**Steps.** Open the lab and read *Yesterday's session*. Four runs end with \`Received WSC NACK\`
right after \`Sending M4 message\`; one run gets \`Received M5 message\` before its NACK. The AP only
sends M5 after checking R-Hash1 against the first four digits of its own PIN, so that run's first
four digits are the AP's. In **Build a PIN list** enter them, keep 000 to 999, and press **Build the
list**: the helper completes every PIN with its WPS checksum digit (weights 3,1,3,1,3,1,3 over the
first seven digits, then the complement to a multiple of ten). Press **Run these PINs against the
AP**. Within at most 1,000 attempts the AP answers one with M7, which carries its WPA2 passphrase,
and the lab shows your flag.

**Why it works.** WPS confirms the PIN in halves: a NACK after M4 means the first half is wrong, a
NACK after M6 means the second half is. And the last digit is a checksum. So an attacker needs at
most 10⁴ + 10³ = 11,000 attempts instead of 10⁸. Guessing the last four digits without the checksum
would take up to 10,000 attempts and lock you out of the 1,200-attempt window; so would ignoring the
half-split.

**The fix.** Disable WPS (PIN and push-button) and check with \`wash\` over the air that it is gone.
Lockouts only slow this online attack and do nothing against Pixie Dust. Rotate the passphrase after
any suspected WPS attack, because M7 hands it over whatever its strength.`,
};

export default lab;
