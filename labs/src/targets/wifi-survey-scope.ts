// A passive site survey at a fictional diagnostics centre, next to the signed wireless
// scope its director gave the tester. The learner ticks the networks they may test. The
// scope names its networks by BSSID, so the traps are the ones lesson 2 describes: the
// building's SSID broadcast from the client's own ceiling AP, a second BSSID calling itself
// by the client's name, a hidden network that IS listed, an open café hotspot, a neighbour's
// office and personal hotspots. Ticking a network that is not the client's explains why
// testing it would be unlawful (IT Act s.43 civil liability, s.66 offence).
import { esc, page, redirect, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { instanceBytes, instanceMac, instanceRandomMac, instanceShuffle, macText } from './wifi-common';

type Owner = 'client' | 'building' | 'unknown' | 'cafe' | 'neighbour' | 'person' | 'home';

interface Network {
  ssid: string;
  /** As nmcli prints it: `--` for a hidden network. */
  shown: string;
  bssid: string;
  channel: number;
  signal: number;
  security: string;
  owner: Owner;
  /** Shown when the network was ticked but is not in scope. */
  why?: string;
}

const S43 =
  'Section 43 of the IT Act, 2000 makes accessing a network, extracting its data or disrupting it without the permission of its owner a civil wrong: you pay compensation to the person affected. Section 66 makes the same act an offence when it is done dishonestly or fraudulently: up to three years in prison, a fine of up to ₹5 lakh, or both.';

function survey(lab: Pick<LabTools, 'instanceSecret'>): Network[] {
  // The client's two ceiling APs (one vendor) broadcast several SSIDs each, on BSSIDs that
  // differ in the last digit; the lab bridge is another vendor's box.
  const ap1 = instanceBytes(lab, 'survey-ap1', 3);
  ap1[2] = ap1[2]! & 0xf0;
  const ceiling = (n: number) => macText(Buffer.from([0x74, 0x83, 0xc2, ap1[0]!, ap1[1]!, ap1[2]! + n]));
  const ap2 = instanceBytes(lab, 'survey-ap2', 3);
  ap2[2] = ap2[2]! & 0xf0;
  return [
    {
      ssid: 'Kaveri-Staff',
      shown: 'Kaveri-Staff',
      bssid: ceiling(0),
      channel: 1,
      signal: 82,
      security: 'WPA2',
      owner: 'client',
    },
    {
      ssid: 'Kaveri-Guest',
      shown: 'Kaveri-Guest',
      bssid: ceiling(1),
      channel: 1,
      signal: 80,
      security: 'WPA2',
      owner: 'client',
    },
    {
      ssid: 'ShivajiTowers-Lobby',
      shown: 'ShivajiTowers-Lobby',
      bssid: ceiling(2),
      channel: 1,
      signal: 81,
      security: '--',
      owner: 'building',
      why: 'It comes from the same ceiling access point as Kaveri-Staff (the BSSID differs only in its last digit), but the scope says Shivaji Towers Facilities runs it. Kaveri cannot authorise a test of a network it does not own, whatever hardware it shares. Only the facility company could, in writing. Until then it goes on the exclusion list.',
    },
    {
      ssid: 'Kaveri-Staff',
      shown: 'Kaveri-Staff',
      bssid: macText(Buffer.from([0x74, 0x83, 0xc2, ap2[0]!, ap2[1]!, ap2[2]!])),
      channel: 44,
      signal: 64,
      security: 'WPA2',
      owner: 'client',
    },
    {
      ssid: 'Kaveri-Lab',
      shown: '--',
      bssid: instanceMac(lab, 'survey-lab', '50:d4:f7'),
      channel: 11,
      signal: 57,
      security: 'WPA2',
      owner: 'client',
    },
    {
      ssid: 'Kaveri-Staff',
      shown: 'Kaveri-Staff',
      bssid: instanceRandomMac(lab, 'survey-twin'),
      channel: 6,
      signal: 71,
      security: 'WPA2',
      owner: 'unknown',
      why: 'It uses the client’s name, but its BSSID is not on the signed list. It could be a rogue AP, an evil twin or someone else’s device with the same name. Whoever runs it, Kaveri has not authorised you to test it, and the scope tells you what to do: note it and report it to the contact, without connecting to it or capturing its clients. Testing it could mean accessing or intercepting a stranger’s network.',
    },
    {
      ssid: 'ChaiCraft-Free-WiFi',
      shown: 'ChaiCraft-Free-WiFi',
      bssid: instanceMac(lab, 'survey-cafe', 'c8:3a:35'),
      channel: 6,
      signal: 44,
      security: '--',
      owner: 'cafe',
      why: 'It is open, but “open” is not “permitted”. The café downstairs invites its customers to browse, not to be scanned or intercepted. Capturing its customers’ traffic would also be interception, an offence under section 42 of the Telecommunications Act, 2023.',
    },
    {
      ssid: 'Deshpande-Associates',
      shown: 'Deshpande-Associates',
      bssid: instanceMac(lab, 'survey-ca', '60:32:b1'),
      channel: 11,
      signal: 52,
      security: 'WPA2',
      owner: 'neighbour',
      why: 'This is the CA firm across the corridor, another tenant. The scope excludes other tenants’ networks by name. Capturing its handshake and cracking it would be extracting data from, and accessing, a network you have no permission for.',
    },
    {
      ssid: 'Rohan’s Galaxy M34',
      shown: 'Rohan’s Galaxy M34',
      bssid: instanceRandomMac(lab, 'survey-hotspot'),
      channel: 6,
      signal: 38,
      security: 'WPA2',
      owner: 'person',
      why: 'This is someone’s personal phone hotspot, whether a member of staff’s or a patient’s. The scope excludes personal hotspots: the phone is not Kaveri’s to authorise, and its identifiers are personal data as well.',
    },
    {
      ssid: 'JioFiber-Patil_5G',
      shown: 'JioFiber-Patil_5G',
      bssid: instanceMac(lab, 'survey-home', '8c:a3:99'),
      channel: 36,
      signal: 21,
      security: 'WPA2',
      owner: 'home',
      why: 'A family’s home router in the flats next door, heard faintly through the wall. Hearing a network from your desk gives you no right to test it.',
    },
  ];
}

function scopeDocument(networks: Network[]): string {
  const listed = networks.filter((n) => n.owner === 'client');
  const rows = listed
    .map(
      (n) =>
        `<tr><td>${esc(n.ssid)}${n.shown === '--' ? ' (hidden)' : ''}</td><td><code>${esc(n.bssid)}</code></td><td>${n.channel}</td></tr>`,
    )
    .join('\n');
  return `<section class="lab-card" aria-labelledby="scope-title">
<h2 id="scope-title">Wireless testing authorisation (extract)</h2>
<p><strong>Client:</strong> Kaveri Diagnostics Pvt Ltd, 2nd floor, Shivaji Towers, Baner Road, Pune.<br>
<strong>Engagement:</strong> KD-WL-2026-07. <strong>Window:</strong> 14 to 16 July 2026, 19:00 to 23:00, from inside the 2nd-floor premises only.</p>
<p><strong>1. Networks in scope.</strong> Only these BSSIDs, whatever name they broadcast:</p>
<table>
<thead><tr><th scope="col">SSID</th><th scope="col">BSSID</th><th scope="col">Channel</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p><strong>2. Excluded.</strong> (a) <em>ShivajiTowers-Lobby</em>, the building’s shared Wi-Fi: it is broadcast from our ceiling access points but is owned and run by Shivaji Towers Facilities LLP. (b) Every network of other tenants and neighbours. (c) Personal hotspots of staff, patients and visitors. (d) Any BSSID not listed in section 1, even one broadcasting our SSIDs: record it and tell the contact below, do not test it.</p>
<p><strong>3. Techniques.</strong> Passive survey, handshake capture and offline passphrase audit of section 1 networks. No deauthentication, no rogue AP.</p>
<p><strong>4. Stop and contact.</strong> Anil Bhosale, IT manager, +91 98220 00000 (fictional). Code word to halt: <em>monsoon</em>.</p>
<p><strong>Authorised by:</strong> Dr. Meera Kulkarni, Director, Kaveri Diagnostics Pvt Ltd, signed 10 July 2026.</p>
</section>`;
}

function surveyForm(networks: Network[], order: Network[], ticked: Set<string>): string {
  const rows = order
    .map((n) => {
      const i = networks.indexOf(n);
      return `<tr>
<td><input type="checkbox" id="net-${i}" name="bssid" value="${esc(n.bssid)}"${ticked.has(n.bssid) ? ' checked' : ''}></td>
<td><label for="net-${i}">${esc(n.shown)}<br><code>${esc(n.bssid.toUpperCase())}</code></label></td>
<td>${n.channel}</td>
<td>${n.signal}</td>
<td>${esc(n.security)}</td>
</tr>`;
    })
    .join('\n');
  return `<section aria-labelledby="survey-title">
<h2 id="survey-title">What your laptop hears at the reception desk</h2>
<p>A passive, managed-mode scan (no monitor mode, nothing sent but ordinary scans), as lesson 2 runs it:</p>
<pre>nmcli -f SSID,BSSID,CHAN,SIGNAL,SECURITY dev wifi list</pre>
<form method="post" action="scope" class="lab-form">
<table>
<thead><tr><th scope="col">Test?</th><th scope="col">SSID and BSSID</th><th scope="col">Chan</th><th scope="col">Signal</th><th scope="col">Security</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="lab-note">Tick every network you may test under the signed authorisation, and nothing else.</p>
<button type="submit">Record my scope</button>
</form>
</section>`;
}

function home(lab: LabTools, ticked: Set<string> = new Set(), verdict = ''): LabResponse {
  const networks = survey(lab);
  const order = instanceShuffle(lab, 'survey-order', networks);
  return page(
    'Site survey',
    `<h1>Site survey: what may you test?</h1>
<p>You have been hired to audit the Wi-Fi of Kaveri Diagnostics, a small diagnostic centre on the second floor of an office block in Pune. Before any adapter goes into monitor mode, you turn the signed authorisation into a target list.</p>
<p class="lab-note">Kaveri Diagnostics, Shivaji Towers, the café, the firm next door and every person here are fictional. In a real engagement anything not in your written scope is out of bounds, and if you are unsure, you ask the client before you touch it.</p>
${verdict}
${scopeDocument(networks)}
${surveyForm(networks, order, ticked)}`,
  );
}

const target: LabTarget = {
  id: 'wifi-survey-scope',
  routes: {
    'GET /': (_request, lab) => home(lab),
    'GET /scope': (_request, lab) => redirect(lab, '/'),
    'POST /scope': (request, lab) => {
      const networks = survey(lab);
      const known = new Map(networks.map((n) => [n.bssid, n]));
      const ticked = new Set(
        request
          .form()
          .getAll('bssid')
          .map((b) => b.trim().toLowerCase())
          .filter((b) => known.has(b)),
      );
      const inScope = networks.filter((n) => n.owner === 'client');
      const wrong = networks.filter((n) => n.owner !== 'client' && ticked.has(n.bssid));
      const missing = inScope.filter((n) => !ticked.has(n.bssid));

      if (!wrong.length && !missing.length) {
        const flag = lab.solve();
        return page(
          'Scope recorded',
          `<h1>Scope recorded</h1>
<p>Your target list matches the signed authorisation: four BSSIDs, including the hidden <em>Kaveri-Lab</em> network, which the scope lists by BSSID even though its beacon hides the name.</p>
<p>You left out the building’s Wi-Fi on Kaveri’s own ceiling AP, the second <em>Kaveri-Staff</em> on a BSSID nobody listed (report it, do not test it), the café, the firm next door, a family’s router and a personal hotspot. Every capture and attack command from here on names one of your four BSSIDs or their channels.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>
<p><a href="./">Back to the survey</a></p>`,
        );
      }

      const parts: string[] = [];
      if (wrong.length === networks.length - inScope.length) {
        parts.push(
          `<p>You ticked every network that is not Kaveri’s. Tools that attack everything in range are exactly what a written scope is there to stop. Read section 1 of the authorisation again: it names the networks by BSSID.</p>`,
        );
      } else if (wrong.length) {
        parts.push(
          `<p>You ticked ${wrong.length === 1 ? 'a network' : `${wrong.length} networks`} that the authorisation does not cover:</p><ul>${wrong
            .map(
              (n) =>
                `<li><strong>${esc(n.shown)}</strong> (<code>${esc(n.bssid.toUpperCase())}</code>): ${esc(n.why ?? '')}</li>`,
            )
            .join('')}</ul><p>${esc(S43)}</p>`,
        );
      }
      if (missing.length) {
        parts.push(
          `<p>${missing.length === 1 ? 'One network' : `${missing.length} networks`} in the signed scope ${missing.length === 1 ? 'is' : 'are'} not ticked. An incomplete list means part of the client goes untested. The scope is defined by BSSIDs, not by the names a beacon shows.</p>`,
        );
      }
      return home(
        lab,
        ticked,
        `<section class="lab-card" role="alert" aria-labelledby="verdict-title"><h2 id="verdict-title" class="lab-error">Not yet a lawful target list</h2>${parts.join('\n')}</section>`,
      );
    },
  },
};

export default target;
