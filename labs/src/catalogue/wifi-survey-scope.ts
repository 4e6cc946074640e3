import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'wifi-survey-scope',
  moduleId: 'wifi-hacking',
  lessonNumber: 2,
  title: 'Turn a signed Wi-Fi scope into a lawful target list',
  difficulty: 'Beginner',
  objective:
    'A site survey at a diagnostic centre hears ten networks, and only some belong to the client who signed your authorisation. Tick exactly the networks you may test; the lab then shows your flag.',
  hints: [
    'Read section 1 of the authorisation before the survey table. What does it use to identify a network: names or BSSIDs?',
    'Three rows broadcast "Kaveri-Staff". Compare each BSSID with the signed list, and look for a listed network whose name the survey cannot show.',
    'In scope are the four listed BSSIDs: two Kaveri-Staff, Kaveri-Guest, and the hidden "--" row whose BSSID is Kaveri-Lab’s. The building’s network on the same ceiling AP is excluded by name.',
  ],
  writeup: `**Steps.** Open the lab and read the authorisation first. Section 1 lists four BSSIDs; section 2
excludes the building's \`ShivajiTowers-Lobby\` (broadcast from Kaveri's own ceiling AP), other
tenants, personal hotspots and *any BSSID not listed, even one broadcasting our SSIDs*.

Now go down the survey and tick a row only if its BSSID is in section 1:

- the two \`Kaveri-Staff\` rows whose BSSIDs are listed (channel 1 and channel 44), and \`Kaveri-Guest\`;
- the hidden row shown as \`--\`: nmcli cannot print its name, but its BSSID is \`Kaveri-Lab\`'s.

Leave the third \`Kaveri-Staff\` (a BSSID nobody listed: report it, it may be a rogue or an evil
twin), the lobby network, the café's open hotspot, the CA firm, the flat's JioFiber router and the
phone hotspot unticked. Press **Record my scope**.

**Why it matters.** A radio hears everything in range, and the law does not care that you could
receive a signal. Under section 43 of the IT Act, 2000, accessing, copying data from or disrupting a
network without its owner's permission makes you liable to pay compensation, a civil wrong.
Section 66 makes the same acts an offence when done dishonestly or fraudulently (up to three years,
a fine of up to ₹5 lakh, or both). Intercepting other people's traffic is also an offence under
section 42 of the Telecommunications Act, 2023. "It was open" is no defence. Only the owner, here
the director, can authorise a test, and only of what the company owns.

**The fix** (for testers): a written scope naming SSIDs *and* BSSIDs with explicit exclusions, and
capture commands that always filter on the listed BSSIDs or channels.`,
};

export default lab;
