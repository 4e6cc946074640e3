// Turning a survey into report findings (lesson 14). The lab generates the airodump-ng CSV
// of a survey at a fictional clinic, byte for byte in airodump-ng's own layout (access
// points, then stations), plus the wash output of the same walk (the CSV has no WPS
// column). The home page is the in-lab table view: it parses the very CSV it offers for
// download. With the client's approved AP inventory, the learner picks the three findings:
// the client's WEP network, the client's WPA2-TKIP network with WPS enabled, and the rogue
// AP advertising the client's SSID from a BSSID not in the inventory. Neighbours have a
// WEP network and a TKIP+WPS router of their own, so scope matters here too.
import { esc, page, redirect, text, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { instanceMac, instanceRandomMac, instanceShuffle } from './wifi-common';

type Role = 'approved' | 'wep' | 'wps-tkip' | 'rogue' | 'neighbour';

interface AccessPoint {
  bssid: string;
  essid: string;
  channel: number;
  speed: number;
  privacy: string[];
  cipher: string[];
  auth: string[];
  power: number;
  beacons: number;
  data: number;
  /** Seconds after the survey started. */
  first: number;
  last: number;
  role: Role;
  /** For the client's own APs: where it is, from the client's inventory. */
  location?: string;
  /** What wash reports, when WPS is on. */
  wps?: { version: string; locked: boolean; vendor: string };
}

interface Station {
  mac: string;
  first: number;
  last: number;
  power: number;
  packets: number;
  bssid: string | null;
  probes: string[];
}

interface Survey {
  aps: AccessPoint[];
  stations: Station[];
}

const CLIENT = 'Sanjeevani Clinic';
// 10:05 IST on 22 July 2026, the survey's start. airodump-ng writes local time.
const START_UTC_MS = Date.UTC(2026, 6, 22, 4, 35, 12);
const IST_MS = 5.5 * 3600 * 1000;

function survey(lab: Pick<LabTools, 'instanceSecret'>): Survey {
  const reception = instanceMac(lab, 'csv-reception', 'f0:9f:c2');
  const guest = reception.slice(0, -1) + (parseInt(reception.slice(-1), 16) ^ 1).toString(16);
  const consult = instanceMac(lab, 'csv-consult', 'f0:9f:c2');
  const billing = instanceMac(lab, 'csv-billing', '50:d4:f7');
  const xray = instanceMac(lab, 'csv-xray', '1c:7e:e5');
  const rogue = instanceRandomMac(lab, 'csv-rogue');
  const bakery = instanceMac(lab, 'csv-bakery', '00:1e:58');
  const kitchen = instanceMac(lab, 'csv-kitchen', 'c8:3a:35');
  const wpa2 = { privacy: ['WPA2'], cipher: ['CCMP'], auth: ['PSK'] };
  const aps: AccessPoint[] = [
    {
      bssid: reception,
      essid: 'Sanjeevani-Staff',
      channel: 1,
      speed: 270,
      ...wpa2,
      power: -41,
      beacons: 2874,
      data: 913,
      first: 2,
      last: 298,
      role: 'approved',
      location: 'Reception ceiling AP',
    },
    {
      bssid: guest,
      essid: 'Sanjeevani-Guest',
      channel: 1,
      speed: 270,
      ...wpa2,
      power: -42,
      beacons: 2861,
      data: 207,
      first: 2,
      last: 298,
      role: 'approved',
      location: 'Reception ceiling AP (guest SSID)',
    },
    {
      bssid: consult,
      essid: 'Sanjeevani-Staff',
      channel: 11,
      speed: 270,
      ...wpa2,
      power: -55,
      beacons: 2790,
      data: 1402,
      first: 4,
      last: 299,
      role: 'approved',
      location: 'Consulting rooms ceiling AP',
    },
    {
      bssid: billing,
      essid: 'Sanjeevani-Billing',
      channel: 6,
      speed: 54,
      privacy: ['WPA2'],
      cipher: ['TKIP'],
      auth: ['PSK'],
      power: -58,
      beacons: 2702,
      data: 388,
      first: 5,
      last: 297,
      role: 'wps-tkip',
      location: 'Billing desk router (2014)',
      wps: { version: '1.0', locked: false, vendor: 'Broadcom' },
    },
    {
      bssid: xray,
      essid: 'Sanjeevani-XRay',
      channel: 6,
      speed: 54,
      privacy: ['WEP'],
      cipher: ['WEP'],
      auth: [],
      power: -63,
      beacons: 2655,
      data: 18342,
      first: 7,
      last: 299,
      role: 'wep',
      location: 'X-ray room, imaging workstation bridge',
    },
    {
      bssid: rogue,
      essid: 'Sanjeevani-Staff',
      channel: 6,
      speed: 130,
      ...wpa2,
      power: -32,
      beacons: 1204,
      data: 96,
      first: 171,
      last: 299,
      role: 'rogue',
    },
    {
      bssid: bakery,
      essid: 'Thomas-Bakery',
      channel: 6,
      speed: 54,
      privacy: ['WEP'],
      cipher: ['WEP'],
      auth: [],
      power: -74,
      beacons: 1980,
      data: 4410,
      first: 12,
      last: 296,
      role: 'neighbour',
    },
    {
      bssid: kitchen,
      essid: 'Kerala-Kitchen-WiFi',
      channel: 11,
      speed: 54,
      privacy: ['WPA2'],
      cipher: ['TKIP'],
      auth: ['PSK'],
      power: -69,
      beacons: 2311,
      data: 152,
      first: 9,
      last: 298,
      role: 'neighbour',
      wps: { version: '2.0', locked: false, vendor: 'RalinkTe' },
    },
    {
      bssid: instanceMac(lab, 'csv-pharmacy', '60:32:b1'),
      essid: 'Sanjeevini-Pharmacy',
      channel: 1,
      speed: 130,
      privacy: ['WPA2', 'WPA'],
      cipher: ['CCMP', 'TKIP'],
      auth: ['PSK'],
      power: -71,
      beacons: 2410,
      data: 61,
      first: 3,
      last: 299,
      role: 'neighbour',
    },
    {
      bssid: instanceMac(lab, 'csv-jio', '8c:a3:99'),
      essid: 'JioFiber-Menon',
      channel: 36,
      speed: 866,
      ...wpa2,
      power: -80,
      beacons: 1733,
      data: 12,
      first: 20,
      last: 290,
      role: 'neighbour',
    },
    {
      bssid: instanceRandomMac(lab, 'csv-hotspot'),
      essid: 'AndroidAP_4411',
      channel: 11,
      speed: 144,
      ...wpa2,
      power: -77,
      beacons: 602,
      data: 0,
      first: 88,
      last: 201,
      role: 'neighbour',
    },
    {
      bssid: instanceMac(lab, 'csv-hidden', '00:1e:58'),
      essid: '',
      channel: 11,
      speed: 54,
      ...wpa2,
      power: -83,
      beacons: 1501,
      data: 3,
      first: 31,
      last: 299,
      role: 'neighbour',
    },
  ];
  const stations: Station[] = [
    {
      mac: instanceRandomMac(lab, 'csv-sta-1'),
      first: 3,
      last: 298,
      power: -47,
      packets: 611,
      bssid: reception,
      probes: [],
    },
    {
      mac: instanceRandomMac(lab, 'csv-sta-2'),
      first: 6,
      last: 299,
      power: -60,
      packets: 1290,
      bssid: consult,
      probes: [],
    },
    {
      mac: instanceMac(lab, 'csv-sta-billing', '00:23:24'),
      first: 5,
      last: 297,
      power: -55,
      packets: 402,
      bssid: billing,
      probes: [],
    },
    {
      mac: instanceMac(lab, 'csv-sta-xray', '00:0d:b9'),
      first: 8,
      last: 299,
      power: -61,
      packets: 20511,
      bssid: xray,
      probes: [],
    },
    {
      mac: instanceRandomMac(lab, 'csv-sta-victim'),
      first: 180,
      last: 299,
      power: -44,
      packets: 131,
      bssid: rogue,
      probes: ['Sanjeevani-Staff'],
    },
    {
      mac: instanceRandomMac(lab, 'csv-sta-probe'),
      first: 40,
      last: 122,
      power: -70,
      packets: 9,
      bssid: null,
      probes: ['Sanjeevani-Staff', 'Airtel_Home'],
    },
    {
      mac: instanceMac(lab, 'csv-sta-bakery', '00:24:d7'),
      first: 14,
      last: 290,
      power: -78,
      packets: 3880,
      bssid: bakery,
      probes: [],
    },
  ];
  return {
    aps: instanceShuffle(lab, 'csv-ap-order', aps),
    stations: instanceShuffle(lab, 'csv-station-order', stations),
  };
}

const pad = (value: number, width: number) => String(value).padStart(width);

/** airodump-ng's timestamp: local time (IST here), "YYYY-MM-DD HH:MM:SS". */
function stamp(offsetSeconds: number): string {
  const t = new Date(START_UTC_MS + IST_MS + offsetSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}`;
}

/** The survey as airodump-ng's --output-format csv writes it (CRLF lines, its own spacing). */
export function airodumpCsv(s: Survey): string {
  const tokens = (list: string[], empty: string) => (list.length ? list.map((t) => ` ${t}`).join('') : empty);
  let out =
    '\r\nBSSID, First time seen, Last time seen, channel, Speed, Privacy, Cipher, Authentication, Power, # beacons, # IV, LAN IP, ID-length, ESSID, Key\r\n';
  for (const ap of s.aps) {
    out += `${ap.bssid.toUpperCase()}, ${stamp(ap.first)}, ${stamp(ap.last)}, ${pad(ap.channel, 2)}, ${pad(ap.speed, 3)},`;
    out += `${tokens(ap.privacy, ' ')},${tokens(ap.cipher, ' ')},${tokens(ap.auth, '   ')}`;
    out += `, ${pad(ap.power, 3)}, ${pad(ap.beacons, 8)}, ${pad(ap.data, 8)}, ${pad(0, 3)}.${pad(0, 3)}.${pad(0, 3)}.${pad(0, 3)}, `;
    out += `${pad(Buffer.byteLength(ap.essid), 3)}, ${ap.essid}, \r\n`;
  }
  out += '\r\nStation MAC, First time seen, Last time seen, Power, # packets, BSSID, Probed ESSIDs\r\n';
  for (const st of s.stations) {
    out += `${st.mac.toUpperCase()}, ${stamp(st.first)}, ${stamp(st.last)}, ${pad(st.power, 3)}, ${pad(st.packets, 8)}, `;
    out += st.bssid ? `${st.bssid.toUpperCase()},` : '(not associated) ,';
    out += `${st.probes.join(',')}\r\n`;
  }
  return `${out}\r\n`;
}

/** The CSV read back as a table view reads it: APs until the "Station MAC" header, then stations. */
export function parseAirodumpCsv(csv: string): { aps: string[][]; stations: string[][] } {
  const aps: string[][] = [];
  const stations: string[][] = [];
  let section: 'none' | 'aps' | 'stations' = 'none';
  for (const line of csv.split(/\r?\n/)) {
    if (!line.trim()) continue;
    if (line.startsWith('BSSID, First time seen')) section = 'aps';
    else if (line.startsWith('Station MAC, First time seen')) section = 'stations';
    else if (section === 'aps') {
      const f = line.split(',').map((c) => c.trim());
      // ESSID is the 14th field; a name with commas in it spans several, the key is last.
      aps.push([...f.slice(0, 13), f.slice(13, -1).join(',')]);
    } else if (section === 'stations') {
      const f = line.split(',').map((c) => c.trim());
      stations.push([...f.slice(0, 6), f.slice(6).filter(Boolean).join(', ')]);
    }
  }
  return { aps, stations };
}

function washOutput(s: Survey): string {
  const rows = s.aps
    .filter((ap) => ap.wps)
    .map(
      (ap) =>
        `${ap.bssid.toUpperCase()}  ${pad(ap.channel, 3)}  ${pad(ap.power, 3)}  ${ap.wps!.version}  ${ap.wps!.locked ? 'Yes' : 'No '}  ${ap.wps!.vendor.padEnd(8)}  ${ap.essid}`,
    );
  return `BSSID               Ch  dBm  WPS  Lck  Vendor    ESSID
------------------------------------------------------------
${rows.join('\n')}
`;
}

function tableView(csv: string): string {
  const { aps, stations } = parseAirodumpCsv(csv);
  const apRows = aps
    .map(
      (f) =>
        `<tr><td>${f[13] ? esc(f[13]) : `<em>&lt;length: ${esc(f[12])}&gt;</em>`}<br><code>${esc(f[0])}</code></td><td>${esc(f[3])}</td><td>${esc(f[5])} / ${esc(f[6])} / ${esc(f[7]) || '–'}</td><td>${esc(f[8])}</td><td>${esc(f[10])}</td></tr>`,
    )
    .join('\n');
  const stationRows = stations
    .map(
      (f) =>
        `<tr><td><code>${esc(f[0])}</code><br>→ <code>${esc(f[5])}</code></td><td>${esc(f[3])}</td><td>${esc(f[4])}</td><td>${esc(f[6]) || '–'}</td></tr>`,
    )
    .join('\n');
  return `<h3>Access points</h3>
<table>
<thead><tr><th scope="col">ESSID and BSSID</th><th scope="col">Ch</th><th scope="col">Privacy / Cipher / Auth</th><th scope="col">PWR</th><th scope="col"># IV</th></tr></thead>
<tbody>
${apRows}
</tbody>
</table>
<h3>Stations</h3>
<table>
<thead><tr><th scope="col">Station → BSSID</th><th scope="col">PWR</th><th scope="col">Packets</th><th scope="col">Probes</th></tr></thead>
<tbody>
${stationRows}
</tbody>
</table>`;
}

const FINDINGS = [
  { name: 'wep', role: 'wep', label: 'Finding 1: a client network still on WEP' },
  { name: 'wps_tkip', role: 'wps-tkip', label: 'Finding 2: a client network on WPA2 with TKIP only, and WPS enabled' },
  { name: 'rogue', role: 'rogue', label: 'Finding 3: a rogue AP advertising the client’s SSID' },
] as const;

function reportForm(s: Survey, chosen: Record<string, string> = {}): string {
  const options = (name: string) =>
    `<option value="">Choose an access point</option>${s.aps
      .map(
        (ap) =>
          `<option value="${esc(ap.bssid)}"${chosen[name] === ap.bssid ? ' selected' : ''}>${esc(ap.bssid.toUpperCase())} ${esc(ap.essid || '(hidden)')}</option>`,
      )
      .join('')}`;
  return `<form method="post" action="report" class="lab-form">
${FINDINGS.map((f) => `<label>${esc(f.label)} <select name="${f.name}" required>${options(f.name)}</select></label>`).join('\n')}
<button type="submit">Add the findings to the report</button>
</form>`;
}

function inventory(s: Survey): string {
  const own = s.aps.filter((ap) => ap.location);
  return `<table>
<thead><tr><th scope="col">BSSID</th><th scope="col">SSID</th><th scope="col">Where</th></tr></thead>
<tbody>
${own.map((ap) => `<tr><td><code class="approved-bssid">${esc(ap.bssid.toUpperCase())}</code></td><td>${esc(ap.essid)}</td><td>${esc(ap.location)}</td></tr>`).join('\n')}
</tbody>
</table>`;
}

function homePage(lab: LabTools, notice = '', chosen: Record<string, string> = {}): LabResponse {
  const s = survey(lab);
  const csv = airodumpCsv(s);
  return page(
    'Wireless audit findings',
    `<h1>From survey to report findings</h1>
<p>You surveyed ${CLIENT}, a small clinic in Kochi, for five minutes with <code>airodump-ng --band abg -w survey --output-format csv wlan1mon</code>, and ran <code>wash</code> on the same walk. Put the right access point against each finding for the report.</p>
<p class="lab-note">The clinic, its neighbours and every device here are fictional. In a real audit you list neighbours only to exclude them, and delete the survey once your own results are extracted.</p>
${notice}
<h2>The client’s approved AP inventory</h2>
<p>From the clinic’s IT contact, signed with the authorisation. The baseline: WPA2 or WPA3 with CCMP only, no WEP, no TKIP, WPS off.</p>
${inventory(s)}
<h2>Evidence</h2>
<p>Downloads: <a href="survey.csv">survey-01.csv</a> (airodump-ng), <a href="wash.txt">wash.txt</a>.</p>
<details class="lab-tool" open><summary>wash -i wlan1mon (WPS seen during the walk)</summary><pre>${esc(washOutput(s))}</pre></details>
<h3>survey-01.csv, as a table</h3>
${tableView(csv)}
<h2>Findings</h2>
${reportForm(s, chosen)}`,
  );
}

const target: LabTarget = {
  id: 'wifi-audit-csv-report',
  routes: {
    'GET /': (_request, lab) => homePage(lab),
    'GET /survey.csv': (_request, lab) =>
      text(airodumpCsv(survey(lab)), {
        contentType: 'text/csv; charset=utf-8',
        headers: { 'content-disposition': 'attachment; filename="survey-01.csv"' },
      }),
    'GET /wash.txt': (_request, lab) => text(washOutput(survey(lab))),
    'GET /report': (_request, lab) => redirect(lab, '/'),
    'POST /report': (request, lab) => {
      const s = survey(lab);
      const form = request.form();
      const byBssid = new Map(s.aps.map((ap) => [ap.bssid, ap]));
      const chosen: Record<string, string> = {};
      const verdicts = FINDINGS.map((finding) => {
        const value = (form.get(finding.name) ?? '').trim().toLowerCase();
        const ap = byBssid.get(value);
        if (ap) chosen[finding.name] = ap.bssid;
        if (!ap) return { finding, ok: false, why: 'No access point chosen.' };
        if (ap.role === finding.role) return { finding, ok: true, why: '' };
        const name = `${ap.bssid.toUpperCase()} (${ap.essid || 'hidden'})`;
        if (ap.role === 'neighbour') {
          return {
            finding,
            ok: false,
            why:
              finding.role === 'rogue'
                ? `${name} does not advertise the client’s SSID, and it is not in the inventory: a neighbour’s network, out of scope.`
                : `${name} is not in the client’s inventory. It is a neighbour’s network: note it only to exclude it, it never goes into this client’s findings.`,
          };
        }
        if (finding.role === 'rogue') {
          return ap.role === 'rogue'
            ? { finding, ok: true, why: '' }
            : {
                finding,
                ok: false,
                why: `${name} is in the client’s inventory: a legitimate AP, whatever else is wrong with it.`,
              };
        }
        if (ap.role === 'rogue') {
          return {
            finding,
            ok: false,
            why: `${name} is not in the client’s inventory, so it is not one of the client’s networks.`,
          };
        }
        return {
          finding,
          ok: false,
          why: `${name} is the client’s, but its survey row does not show ${finding.role === 'wep' ? 'WEP in the Privacy column' : 'TKIP as its only cipher together with WPS in wash'}.`,
        };
      });
      if (verdicts.every((v) => v.ok)) {
        const flag = lab.solve();
        const pick = (role: Role) => s.aps.find((ap) => ap.role === role)!;
        const line = (ap: AccessPoint) => `${esc(ap.essid)} (<code>${esc(ap.bssid.toUpperCase())}</code>)`;
        return page(
          'Findings recorded',
          `<h1>Findings recorded</h1>
<ol>
<li><strong>Legacy WEP on ${line(pick('wep'))}</strong>: Privacy and Cipher read WEP and the IV count is in the thousands, so the key can be recovered in minutes (lesson 5). Move the imaging bridge to WPA2/WPA3 with CCMP or a wired link.</li>
<li><strong>WPA2 with TKIP only, and WPS 1.0 unlocked on ${line(pick('wps-tkip'))}</strong>: the PIN falls in at most 11,000 attempts and gives away the passphrase whatever its strength (lesson 9). Disable WPS, switch to CCMP, or replace the 2014 router.</li>
<li><strong>Rogue AP ${line(pick('rogue'))}</strong>: the client’s SSID from a BSSID not in the inventory, the strongest signal in the survey, appearing mid-survey, with a station already associated to it. Locate and remove it, reset the credentials of anyone who joined it, and add the inventory to WIDS (Kismet <code>APSPOOF</code>).</li>
</ol>
<p>The neighbours’ WEP and TKIP networks stay out of the report.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>
<p><a href="./">Back to the evidence</a></p>`,
        );
      }
      const notice = `<section class="lab-card" role="alert" aria-labelledby="verdict-title"><h2 id="verdict-title" class="lab-error">Not ready for the report</h2><ul>${verdicts
        .map((v) => `<li>${esc(v.finding.label)}: ${v.ok ? 'right.' : esc(v.why)}</li>`)
        .join('')}</ul></section>`;
      return homePage(lab, notice, chosen);
    },
  },
};

export default target;
