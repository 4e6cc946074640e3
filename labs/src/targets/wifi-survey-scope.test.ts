import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

/** The BSSIDs the signed authorisation lists, read from its table as a learner reads them. */
function listedBssids(html: string): string[] {
  const scope = html.slice(html.indexOf('id="scope-title"'), html.indexOf('id="survey-title"'));
  return [...scope.matchAll(/<code>([0-9a-f:]{17})<\/code>/g)].map((m) => m[1]!);
}

/** Every row of the survey: the SSID as shown and the BSSID value of its checkbox. */
function surveyRows(html: string): { ssid: string; bssid: string }[] {
  return [...html.matchAll(/name="bssid" value="([0-9a-f:]{17})"[^>]*><\/td>\s*<td><label[^>]*>([^<]*)<br>/g)].map(
    (m) => ({ bssid: m[1]!, ssid: m[2]! }),
  );
}

function tick(lab: Lab, bssids: string[]) {
  const body = new URLSearchParams(bssids.map((b) => ['bssid', b])).toString();
  return lab.send('POST', '/scope', { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

describe('lab wifi-survey-scope', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by ticking exactly the BSSIDs the signed scope lists, the hidden one included', async () => {
    lab = await startTestLab('wifi-survey-scope');
    const home = await lab.get('/');
    expect(home.status).toBe(200);
    const listed = listedBssids(home.body);
    expect(listed).toHaveLength(4);
    const rows = surveyRows(home.body);
    expect(rows).toHaveLength(10);
    // One listed network is hidden: the survey shows "--" for it.
    expect(rows.filter((r) => listed.includes(r.bssid)).map((r) => r.ssid)).toContain('--');
    const answer = await tick(lab, listed);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Scope recorded');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses a list made from names, and explains why the look-alike and the lobby network are unlawful targets', async () => {
    lab = await startTestLab('wifi-survey-scope');
    const home = await lab.get('/');
    const rows = surveyRows(home.body);
    // Everything whose name starts with Kaveri: three Kaveri-Staff (one not listed) and Kaveri-Guest, no hidden one.
    const byName = rows.filter((r) => r.ssid.startsWith('Kaveri')).map((r) => r.bssid);
    expect(byName).toHaveLength(4);
    const answer = await tick(lab, byName);
    expect(answer.body).not.toContain(lab.flag);
    expect(answer.body).toContain('Not yet a lawful target list');
    expect(answer.body).toContain('its BSSID is not on the signed list');
    expect(answer.body).toContain('civil wrong');
    expect(answer.body).toContain('Section 66');
    expect(answer.body).toContain('One network in the signed scope is not ticked');

    const listed = listedBssids(home.body);
    const lobby = rows.find((r) => r.ssid === 'ShivajiTowers-Lobby')!.bssid;
    const withLobby = await tick(lab, [...listed, lobby]);
    expect(withLobby.body).not.toContain(lab.flag);
    expect(withLobby.body).toContain('Shivaji Towers Facilities runs it');
    // The ticks survive the round trip, so the learner only changes what was wrong.
    expect(withLobby.body).toContain(`value="${lobby}" checked`);
  });

  it('does not itemise the neighbours when everything in range is ticked', async () => {
    lab = await startTestLab('wifi-survey-scope');
    const rows = surveyRows((await lab.get('/')).body);
    const answer = await tick(
      lab,
      rows.map((r) => r.bssid),
    );
    expect(answer.body).toContain('You ticked every network that is not Kaveri’s');
    expect(answer.body).not.toContain('The café downstairs invites');
    expect(answer.body).not.toContain(lab.flag);
  });
});
