import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

interface Row {
  bssid: string;
  privacy: string;
  cipher: string;
  essid: string;
}

/** Reads the AP section of an airodump-ng CSV the way lesson 14's baseline_check.py does. */
function accessPoints(csv: string): Row[] {
  const rows: Row[] = [];
  for (const line of csv.split('\r\n')) {
    if (line.startsWith('Station MAC')) break;
    const f = line.split(',').map((c) => c.trim());
    if (f.length >= 14 && (f[0]!.match(/:/g) ?? []).length === 5) {
      rows.push({ bssid: f[0]!, privacy: f[5]!, cipher: f[6]!, essid: f[13]! });
    }
  }
  return rows;
}

function approved(html: string): string[] {
  return [...html.matchAll(/<code class="approved-bssid">([0-9A-F:]{17})<\/code>/g)].map((m) => m[1]!);
}

function wpsBssids(wash: string): string[] {
  return wash
    .split('\n')
    .filter((l) => /^[0-9A-F:]{17}\s/.test(l))
    .map((l) => l.slice(0, 17));
}

async function evidence(lab: Lab) {
  const home = await lab.get('/');
  const csv = (await lab.get('/survey.csv')).body;
  const wash = (await lab.get('/wash.txt')).body;
  return { home, aps: accessPoints(csv), inventory: approved(home.body), wps: wpsBssids(wash), csv };
}

describe('lab wifi-audit-csv-report', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('writes the survey in airodump-ng’s exact CSV layout', async () => {
    lab = await startTestLab('wifi-audit-csv-report');
    const response = await lab.get('/survey.csv');
    expect(response.headers['content-type']).toContain('text/csv');
    const csv = response.body;
    expect(
      csv.startsWith(
        '\r\nBSSID, First time seen, Last time seen, channel, Speed, Privacy, Cipher, Authentication, Power, # beacons, # IV, LAN IP, ID-length, ESSID, Key\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain(
      '\r\n\r\nStation MAC, First time seen, Last time seen, Power, # packets, BSSID, Probed ESSIDs\r\n',
    );
    expect(csv.endsWith('\r\n\r\n')).toBe(true);
    // A WPA2 row: "%2d, %3d," then " WPA2", " CCMP", " PSK", then power, beacons, IVs (%3d, %8lu, %8lu) and the LAN IP.
    expect(csv).toMatch(
      /\r\n[0-9A-F:]{17}, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, {1,2}\d{1,2}, {1,3}\d{1,3}, WPA2, CCMP, PSK, -\d\d, {1,8}\d+, {1,8}\d+, {3}0\. {2}0\. {2}0\. {2}0, {1,3}\d+, Sanjeevani-Staff, \r\n/,
    );
    // WEP: no authentication seen, so three spaces.
    expect(csv).toMatch(/, WEP, WEP, {3}, -\d\d, /);
    expect(csv).toContain('(not associated) ,Sanjeevani-Staff,Airtel_Home\r\n');
    expect(accessPoints(csv)).toHaveLength(12);
  });

  it('is solved by matching the survey against the inventory and the wash output', async () => {
    lab = await startTestLab('wifi-audit-csv-report');
    const { home, aps, inventory, wps } = await evidence(lab);
    expect(home.body).not.toContain(lab.flag);
    expect(inventory).toHaveLength(5);
    const ours = aps.filter((ap) => inventory.includes(ap.bssid));
    const wep = ours.filter((ap) => ap.privacy.split(' ').includes('WEP'));
    const tkipWps = ours.filter((ap) => ap.cipher === 'TKIP' && wps.includes(ap.bssid));
    const ourSsids = new Set(ours.map((ap) => ap.essid));
    const rogue = aps.filter((ap) => ourSsids.has(ap.essid) && !inventory.includes(ap.bssid));
    expect([wep.length, tkipWps.length, rogue.length]).toEqual([1, 1, 1]);
    const answer = await lab.post('/report', {
      wep: wep[0]!.bssid.toLowerCase(),
      wps_tkip: tkipWps[0]!.bssid.toLowerCase(),
      rogue: rogue[0]!.bssid.toLowerCase(),
    });
    expect(answer.body).toContain('Findings recorded');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses findings about neighbours and a legitimate second AP taken for a rogue', async () => {
    lab = await startTestLab('wifi-audit-csv-report');
    const { aps, inventory, wps } = await evidence(lab);
    // Reading the CSV without the inventory: the first WEP, TKIP+WPS and duplicate SSID rows found.
    const anyWep = aps.filter((ap) => ap.privacy === 'WEP' && !inventory.includes(ap.bssid))[0]!;
    const anyTkipWps = aps.filter(
      (ap) => ap.cipher === 'TKIP' && wps.includes(ap.bssid) && !inventory.includes(ap.bssid),
    )[0]!;
    const secondStaff = aps.filter((ap) => ap.essid === 'Sanjeevani-Staff' && inventory.includes(ap.bssid))[0]!;
    const answer = await lab.post('/report', {
      wep: anyWep.bssid.toLowerCase(),
      wps_tkip: anyTkipWps.bssid.toLowerCase(),
      rogue: secondStaff.bssid.toLowerCase(),
    });
    expect(answer.body).toContain('Not ready for the report');
    expect(answer.body).toContain('It is a neighbour’s network');
    expect(answer.body).toContain('is in the client’s inventory: a legitimate AP');
    expect(answer.body).not.toContain(lab.flag);
    // The choices survive, so only the wrong ones need changing.
    expect(answer.body).toContain(`value="${anyWep.bssid.toLowerCase()}" selected`);
  });
});
