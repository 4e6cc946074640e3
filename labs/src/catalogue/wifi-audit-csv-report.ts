import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'wifi-audit-csv-report',
  moduleId: 'wifi-hacking',
  lessonNumber: 14,
  title: 'Pick the audit findings out of an airodump-ng survey',
  difficulty: 'Beginner',
  objective:
    'An airodump-ng CSV and a wash scan of a clinic’s survey are in front of you, with the client’s approved AP inventory. Name the client’s WEP network, its WPA2-TKIP network with WPS on, and the rogue AP cloning its SSID; the lab then shows your flag.',
  hints: [
    'Start from the inventory, not the survey: which rows of the CSV are the client’s at all? The rest are neighbours, noted only to exclude them.',
    'The CSV has no WPS column. Put the Privacy and Cipher columns of the client’s rows next to the wash output.',
    'The rogue broadcasts Sanjeevani-Staff from a BSSID that is not in the inventory. It also has the strongest signal and appeared half-way through the survey.',
  ],
  writeup: `**Steps.** Open the lab. The inventory lists the clinic's five BSSIDs. The table view is the
downloadable \`survey-01.csv\` parsed row by row (access points first, then stations, exactly as
airodump-ng writes it), and the wash block shows which APs had WPS on.

1. **WEP.** Two rows read \`WEP\` in Privacy and Cipher. Only one, \`Sanjeevani-XRay\`, is in the
   inventory; \`Thomas-Bakery\` is a neighbour's.
2. **TKIP and WPS.** Two rows have \`TKIP\` as their only cipher and both appear in wash. Only
   \`Sanjeevani-Billing\` is the client's. The pharmacy's \`WPA2 WPA / CCMP TKIP\` row is not the client's
   either.
3. **Rogue.** Three rows broadcast \`Sanjeevani-Staff\`. Two BSSIDs are in the inventory; the third,
   a locally administered MAC on channel 6 at -32 dBm that appeared mid-survey, is not, and the
   stations section shows a phone already associated to it.

Choose the three BSSIDs and press **Add the findings to the report**. The lab shows your flag.

**Why it matters.** A finding must be about the client's assets and backed by evidence. WEP falls in
minutes; a WPS PIN falls in at most 11,000 attempts and gives away the passphrase; a rogue with the
staff SSID harvests logins. Reporting a neighbour's WEP network would be out of scope and useless to
the client.

**The fix.** Retire WEP and TKIP, disable WPS and verify over the air, locate and remove the rogue,
and keep the approved BSSID list in a WIDS (Kismet \`APSPOOF\`) so the next twin raises an alert.`,
};

export default lab;
