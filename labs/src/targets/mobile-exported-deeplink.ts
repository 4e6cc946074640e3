// TazaTokri, a (fictional) Pune grocery-delivery app, on an emulator the learner drives
// through an `adb` terminal as the shell user. Its manifest (generated from the model below,
// and the same model the emulated device resolves intents with) exports a deep-link router.
// The router's `/go` route builds an explicit intent from the link, `?next=<class>` plus
// every other query parameter as a string extra, and starts it with the app's own identity:
// intent redirection. The staff console is not exported, so `am start -n` is refused with a
// SecurityException, but the router reaches it; with the extra the console trusts
// (`staff_session=verified`, read from StaffLoginActivity's code) it opens, and that solves.
import { esc, page, redirect, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { apkBrowserRoutes, type ApkTree } from './mobile-apk';
import {
  ACTION_MAIN,
  ACTION_VIEW,
  CATEGORY_BROWSABLE,
  CATEGORY_DEFAULT,
  CATEGORY_LAUNCHER,
  Device,
  getQueryParameter,
  getQueryParameterNames,
  manifestXml,
  newIntent,
  type ActivityCode,
  type DeviceRun,
  type InstalledApp,
  type Intent,
  type ManifestSpec,
} from './mobile-android';

const PKG = 'in.tazatokri.app';
const APP_UID = 10187;
const APK_NAME = 'tazatokri-5.9.0-release.apk';
const MANIFEST_PATH = 'resources/AndroidManifest.xml';
const MAX_COMMAND = 2000;

const cls = (relative: string) => `${PKG}.${relative}`;

const MANIFEST: ManifestSpec = {
  package: PKG,
  versionCode: 59000,
  versionName: '5.9.0',
  minSdk: 24,
  targetSdk: 34,
  usesPermissions: [
    'android.permission.INTERNET',
    'android.permission.ACCESS_NETWORK_STATE',
    'android.permission.ACCESS_FINE_LOCATION',
    'android.permission.POST_NOTIFICATIONS',
  ],
  permissions: [{ name: `${PKG}.permission.PAYMENT_CALLBACK`, protectionLevel: 'signature' }],
  application: {
    name: `${PKG}.TazaTokriApp`,
    label: '@string/app_name',
    icon: '@mipmap/ic_launcher',
    allowBackup: 'false',
    theme: '@style/Theme.TazaTokri',
    networkSecurityConfig: '@xml/network_security_config',
  },
  components: [
    {
      kind: 'activity',
      name: '.ui.SplashActivity',
      exported: true,
      attributes: { theme: '@style/Theme.TazaTokri.Splash' },
      filters: [{ actions: [ACTION_MAIN], categories: [CATEGORY_LAUNCHER] }],
    },
    { kind: 'activity', name: '.auth.LoginActivity', exported: false },
    { kind: 'activity', name: '.home.HomeActivity', exported: false },
    {
      kind: 'activity',
      name: '.deeplink.LinkRouterActivity',
      exported: true,
      attributes: { launchMode: 'singleTask', theme: '@android:style/Theme.NoDisplay' },
      filters: [
        {
          autoVerify: true,
          actions: [ACTION_VIEW],
          categories: [CATEGORY_DEFAULT, CATEGORY_BROWSABLE],
          data: [{ scheme: 'https' }, { host: 'tazatokri.in' }, { pathPrefix: '/app' }],
        },
        {
          actions: [ACTION_VIEW],
          categories: [CATEGORY_DEFAULT, CATEGORY_BROWSABLE],
          data: [{ scheme: 'tazatokri', host: 'open' }],
        },
      ],
    },
    { kind: 'activity', name: '.orders.OrderTrackingActivity', exported: false },
    { kind: 'activity', name: '.web.InAppBrowserActivity', exported: false },
    { kind: 'activity', name: '.internal.StaffLoginActivity', exported: false },
    { kind: 'activity', name: '.internal.StaffConsoleActivity', exported: false },
    {
      kind: 'activity',
      name: '.payments.UpiCallbackActivity',
      exported: true,
      permission: `${PKG}.permission.PAYMENT_CALLBACK`,
      filters: [{ actions: [`${PKG}.action.UPI_RESULT`], categories: [CATEGORY_DEFAULT] }],
    },
    { kind: 'service', name: '.sync.CartSyncService', exported: false },
    { kind: 'receiver', name: '.push.OfferAlarmReceiver', exported: false },
    {
      kind: 'provider',
      name: 'androidx.core.content.FileProvider',
      exported: false,
      attributes: { authorities: `${PKG}.fileprovider`, grantUriPermissions: 'true' },
    },
  ],
};

// A stand-in for the phone's browser, so that web links that are not the app's go somewhere.
const BROWSER: InstalledApp = {
  label: 'Browser',
  uid: 10112,
  manifest: {
    package: 'com.android.browser',
    versionCode: 1,
    versionName: '1.0',
    minSdk: 24,
    targetSdk: 34,
    usesPermissions: ['android.permission.INTERNET'],
    application: { label: 'Browser' },
    components: [
      {
        kind: 'activity',
        name: '.BrowserActivity',
        exported: true,
        filters: [
          { actions: [ACTION_MAIN], categories: [CATEGORY_LAUNCHER] },
          {
            actions: [ACTION_VIEW],
            categories: [CATEGORY_DEFAULT, CATEGORY_BROWSABLE],
            data: [{ scheme: 'http' }, { scheme: 'https' }],
          },
        ],
      },
    ],
  },
  code: {
    'com.android.browser.BrowserActivity': (ctx) => {
      const url = ctx.data()?.text;
      ctx.setContent(
        'Browser',
        url
          ? `<p>The browser opens <code>${esc(url)}</code>. (This lab\u2019s emulator has no network, so the page stays blank.)</p><p class="lab-muted">A web link reaches the app only when it matches one of the app\u2019s intent filters.</p>`
          : '<p>The browser\u2019s start page.</p>',
      );
    },
  },
};

// The jadx output: what the learner reads. The simulated code below does exactly this.
const SOURCES: Record<string, string> = {
  'ui/SplashActivity.java': `package in.tazatokri.app.ui;

import android.content.Intent;
import android.os.Bundle;
import androidx.appcompat.app.AppCompatActivity;
import in.tazatokri.app.home.HomeActivity;

/* loaded from: classes.dex */
public final class SplashActivity extends AppCompatActivity {
    @Override // androidx.fragment.app.FragmentActivity, android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        startActivity(new Intent(this, HomeActivity.class));
        finish();
    }
}
`,
  'home/HomeActivity.java': `package in.tazatokri.app.home;

import android.os.Bundle;
import androidx.appcompat.app.AppCompatActivity;
import in.tazatokri.app.R;

/* loaded from: classes.dex */
public final class HomeActivity extends AppCompatActivity {
    @Override // androidx.fragment.app.FragmentActivity, android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        setContentView(R.layout.activity_home);
    }
}
`,
  'deeplink/LinkRouterActivity.java': `package in.tazatokri.app.deeplink;

import android.app.Activity;
import android.content.Intent;
import android.net.Uri;
import android.os.Bundle;
import android.util.Log;
import in.tazatokri.app.home.HomeActivity;
import in.tazatokri.app.orders.OrderTrackingActivity;
import in.tazatokri.app.web.InAppBrowserActivity;

/* loaded from: classes.dex */
public class LinkRouterActivity extends Activity {
    private static final String TAG = "LinkRouter";

    @Override // android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        Uri data = getIntent().getData();
        if (data == null) {
            finish();
            return;
        }
        Log.d(TAG, "routing " + data);
        String path = data.getPath() == null ? "" : data.getPath();
        if (path.startsWith("/app/")) {
            path = path.substring(4);
        }
        switch (path) {
            case "/track":
                Intent track = new Intent(this, OrderTrackingActivity.class);
                track.putExtra("order_id", data.getQueryParameter("order"));
                startActivity(track);
                break;
            case "/offer":
                String url = data.getQueryParameter("url");
                if (url != null && url.contains("tazatokri.in")) {
                    Intent web = new Intent(this, InAppBrowserActivity.class);
                    web.putExtra("url", url);
                    startActivity(web);
                }
                break;
            case "/go":
                // Campaign links open any screen of the app: ?next=<screen class>&<its extras>
                String next = data.getQueryParameter("next");
                if (next != null) {
                    Intent intent = new Intent();
                    intent.setClassName(this, getPackageName() + "." + next);
                    for (String key : data.getQueryParameterNames()) {
                        if (!key.equals("next")) {
                            intent.putExtra(key, data.getQueryParameter(key));
                        }
                    }
                    startActivity(intent);
                }
                break;
            default:
                startActivity(new Intent(this, HomeActivity.class));
                break;
        }
        finish();
    }
}
`,
  'orders/OrderTrackingActivity.java': `package in.tazatokri.app.orders;

import android.os.Bundle;
import androidx.appcompat.app.AppCompatActivity;
import in.tazatokri.app.R;

/* loaded from: classes.dex */
public final class OrderTrackingActivity extends AppCompatActivity {
    private OrderTrackingViewModel viewModel;

    @Override // androidx.fragment.app.FragmentActivity, android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        setContentView(R.layout.activity_order_tracking);
        this.viewModel = new OrderTrackingViewModel(getApplication());
        this.viewModel.load(getIntent().getStringExtra("order_id"));
    }
}
`,
  'web/InAppBrowserActivity.java': `package in.tazatokri.app.web;

import android.os.Bundle;
import android.webkit.WebView;
import androidx.appcompat.app.AppCompatActivity;

/* loaded from: classes.dex */
public final class InAppBrowserActivity extends AppCompatActivity {
    @Override // androidx.fragment.app.FragmentActivity, android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        WebView webView = new WebView(this);
        setContentView(webView);
        webView.getSettings().setJavaScriptEnabled(true);
        webView.loadUrl(getIntent().getStringExtra("url"));
    }
}
`,
  'internal/StaffLoginActivity.java': `package in.tazatokri.app.internal;

import android.content.Intent;
import android.os.Bundle;
import androidx.appcompat.app.AppCompatActivity;
import in.tazatokri.app.R;

/* loaded from: classes2.dex */
public final class StaffLoginActivity extends AppCompatActivity {
    private StaffAuth staffAuth;

    @Override // androidx.fragment.app.FragmentActivity, android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        setContentView(R.layout.activity_staff_login);
        this.staffAuth = new StaffAuth(this);
        findViewById(R.id.sign_in).setOnClickListener(v -> this.staffAuth.signIn(storeId(), staffPin(), this::onSignedIn));
    }

    private void onSignedIn() {
        Intent intent = new Intent(this, StaffConsoleActivity.class);
        intent.putExtra("staff_session", "verified");
        startActivity(intent);
        finish();
    }
}
`,
  'internal/StaffConsoleActivity.java': `package in.tazatokri.app.internal;

import android.content.Intent;
import android.os.Bundle;
import android.widget.TextView;
import android.widget.Toast;
import androidx.appcompat.app.AppCompatActivity;
import in.tazatokri.app.R;

/* loaded from: classes2.dex */
public final class StaffConsoleActivity extends AppCompatActivity {
    @Override // androidx.fragment.app.FragmentActivity, android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        // Only StaffLoginActivity opens this screen, and it is not exported, so no check here.
        if (!"verified".equals(getIntent().getStringExtra("staff_session"))) {
            Toast.makeText(this, "Staff sign-in required", 0).show();
            startActivity(new Intent(this, StaffLoginActivity.class));
            finish();
            return;
        }
        setContentView(R.layout.activity_staff_console);
        ((TextView) findViewById(R.id.override_code)).setText(StaffVault.overrideCode(this));
    }
}
`,
  'payments/UpiCallbackActivity.java': `package in.tazatokri.app.payments;

import android.os.Bundle;
import androidx.appcompat.app.AppCompatActivity;

/* loaded from: classes.dex */
public final class UpiCallbackActivity extends AppCompatActivity {
    @Override // androidx.fragment.app.FragmentActivity, android.app.Activity
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        // Protected by a signature permission in the manifest: only our payment SDK can call it.
        PaymentResultStore.save(getIntent().getStringExtra("txn_id"), getIntent().getStringExtra("status"));
        finish();
    }
}
`,
};

const STRINGS_XML = `<?xml version="1.0" encoding="utf-8"?>
<resources>
    <string name="app_name">TazaTokri</string>
    <string name="deeplink_scheme">tazatokri</string>
    <string name="deeplink_host">open</string>
    <string name="app_links_host">tazatokri.in</string>
    <string name="staff_sign_in_title">Store staff sign-in</string>
    <string name="staff_console_title">Dark-store console</string>
    <string name="toast_staff_required">Staff sign-in required</string>
</resources>
`;

const TREE: ApkTree = {
  [MANIFEST_PATH]: manifestXml(MANIFEST),
  'resources/res/values/strings.xml': STRINGS_XML,
  ...Object.fromEntries(Object.entries(SOURCES).map(([path, code]) => [`sources/in/tazatokri/app/${path}`, code])),
};

/** The store override code shown on the staff console: different for every start of the lab. */
function overrideCode(lab: Pick<LabTools, 'instanceSecret'>): string {
  return String(parseInt(lab.instanceSecret('staff-override-code').slice(0, 8), 16) % 1_000_000).padStart(6, '0');
}

function putString(intent: Intent, key: string, value: string | null): void {
  intent.extras.set(key, { type: 'String', value });
}

function own(relative: string): Intent {
  return newIntent({ component: { pkg: PKG, cls: cls(relative) } });
}

/** The app's simulated onCreate methods: the Java above, line for line. */
function appCode(lab: LabTools): Record<string, ActivityCode> {
  return {
    [cls('ui.SplashActivity')]: (ctx) => {
      ctx.startActivity(own('home.HomeActivity'));
      ctx.finish();
    },
    [cls('home.HomeActivity')]: (ctx) =>
      ctx.setContent(
        'TazaTokri',
        '<p>Namaste, Sneha! Fresh sabzi, fruit and milk at your door in 20 minutes.</p><p class="lab-muted">Delivering to Baner, Pune · 3 items in your basket</p>',
      ),
    [cls('deeplink.LinkRouterActivity')]: (ctx) => {
      const data = ctx.data();
      if (!data) {
        ctx.finish();
        return;
      }
      ctx.log('D', 'LinkRouter', `routing ${data.text}`);
      let path = data.path ?? '';
      if (path.startsWith('/app/')) path = path.slice(4);
      switch (path) {
        case '/track': {
          const track = own('orders.OrderTrackingActivity');
          putString(track, 'order_id', getQueryParameter(data, 'order'));
          ctx.startActivity(track);
          break;
        }
        case '/offer': {
          const url = getQueryParameter(data, 'url');
          if (url !== null && url.includes('tazatokri.in')) {
            const web = own('web.InAppBrowserActivity');
            putString(web, 'url', url);
            ctx.startActivity(web);
          }
          break;
        }
        case '/go': {
          // The flaw: a class name and extras from the link, started with the app's identity.
          const next = getQueryParameter(data, 'next');
          if (next !== null) {
            const intent = newIntent({ component: { pkg: ctx.packageName, cls: `${ctx.packageName}.${next}` } });
            for (const key of getQueryParameterNames(data)) {
              if (key !== 'next') putString(intent, key, getQueryParameter(data, key));
            }
            ctx.startActivity(intent);
          }
          break;
        }
        default:
          ctx.startActivity(own('home.HomeActivity'));
      }
      ctx.finish();
    },
    [cls('orders.OrderTrackingActivity')]: (ctx) => {
      const orderId = ctx.getStringExtra('order_id');
      ctx.setContent(
        'Track your order',
        orderId === '700512'
          ? '<p>Order #700512 is on its way: Santosh is 6 minutes from Baner.</p>'
          : `<p>We could not find order <code>${esc(orderId ?? '(none)')}</code> on your account.</p>`,
      );
    },
    [cls('web.InAppBrowserActivity')]: (ctx) => {
      const url = ctx.getStringExtra('url');
      ctx.log('I', 'chromium', `loadUrl: ${url ?? 'null'}`);
      ctx.setContent(
        'In-app browser',
        `<p>The app\u2019s WebView, with JavaScript on, loads <code>${esc(url ?? 'null')}</code>. (No page is fetched in this lab.)</p><p class="lab-muted">The router only checks that the address contains \u201ctazatokri.in\u201d somewhere. That is a finding for lesson 10, but it is not the staff console.</p>`,
      );
    },
    [cls('internal.StaffLoginActivity')]: (ctx) =>
      ctx.setContent(
        'Store staff sign-in',
        '<p>Store ID and staff PIN, please. Only TazaTokri store managers have these, and you are not one.</p>',
      ),
    [cls('internal.StaffConsoleActivity')]: (ctx) => {
      if (ctx.getStringExtra('staff_session') !== 'verified') {
        ctx.toast('Staff sign-in required');
        ctx.startActivity(own('internal.StaffLoginActivity'));
        ctx.finish();
        return;
      }
      const flag = lab.solve();
      ctx.setContent(
        'Dark-store console',
        `<p>Store PNQ-07, Baner, Pune. Signed in as: store manager.</p>
<p>Override code for refunds and the cash drawer: <strong>${esc(overrideCode(lab))}</strong></p>
<p>You opened a screen that is not exported, from outside the app: the exported link router started it for you, with the app\u2019s own identity and the extra you chose.</p>
<p>Flag for this lab: <code>${esc(flag)}</code></p>`,
      );
    },
    [cls('payments.UpiCallbackActivity')]: (ctx) => ctx.finish(),
  };
}

function device(lab: LabTools): Device {
  const app: InstalledApp = { label: 'TazaTokri', uid: APP_UID, manifest: MANIFEST, code: appCode(lab) };
  return new Device([app, BROWSER]);
}

function terminalForm(lab: LabTools, command: string): string {
  return `<form method="post" action="${esc(lab.base)}/adb" class="lab-form">
  <label>Command (on your computer: <code>adb shell …</code>; or at the device prompt: <code>am start …</code>)
    <textarea name="command" rows="4" maxlength="${MAX_COMMAND}" autocapitalize="off" autocomplete="off" spellcheck="false" required>${esc(command)}</textarea>
  </label>
  <button type="submit">Run</button>
</form>`;
}

function homePage(lab: LabTools): LabResponse {
  return page(
    'TazaTokri on the emulator',
    `<h1>TazaTokri on the emulator</h1>
<p>TazaTokri (a fictional company) delivers groceries across Pune in 20 minutes. Its Android app, version 5.9.0, is installed on your test emulator, and you have its decompiled code. You are an ordinary caller: <code>adb unroot</code> was run, so your commands run as the <code>shell</code> user (uid 2000), like any other app on the phone would.</p>
<div class="lab-card">
<p><strong>Goal:</strong> the app contains a dark-store console meant only for store managers. Open it on the device from outside the app; it shows your flag.</p>
</div>
<ul>
<li><a href="${esc(lab.base)}/apk/file?path=${encodeURIComponent(MANIFEST_PATH)}">AndroidManifest.xml</a>: the components and which are exported</li>
<li><a href="${esc(lab.base)}/apk">All decompiled files, with text search</a></li>
</ul>
<h2>Terminal</h2>
${terminalForm(lab, 'adb shell am start -n in.tazatokri.app/.ui.SplashActivity')}
<p class="lab-muted">The terminal understands <code>adb shell</code>, <code>am start</code> (with <code>-a</code>, <code>-d</code>, <code>-c</code>, <code>-n</code>, <code>-t</code>, <code>-W</code>, <code>--es</code>, <code>--ez</code>, <code>--ei</code> and the rest), <code>pm list packages</code> and <code>id</code>. Quoting works as in a real shell, on your computer and again on the device.</p>
<p class="lab-muted">Firing crafted intents at apps on someone else\u2019s phone is access to their device without permission (sections 43 and 66 of the IT Act 2000). This is your own emulator and a made-up app.</p>`,
  );
}

function resultPage(lab: LabTools, command: string, run: DeviceRun): LabResponse {
  const toasts = run.toasts.map((t) => `<p>Toast: \u201c${esc(t)}\u201d</p>`).join('');
  return page(
    'Terminal',
    `<h1>Terminal</h1>
<pre tabindex="0">${esc(run.terminal.join('\n') || '(no output)')}</pre>
${run.notes.map((note) => `<p class="lab-muted">${note}</p>`).join('\n')}
<section class="lab-card" aria-labelledby="screen-title">
<h2 id="screen-title">On the device: ${esc(run.screen.title)}</h2>
<p class="lab-muted"><code>${esc(run.screen.activity)}</code></p>
${run.screen.html}
${toasts}
</section>
<h2>Logcat</h2>
<pre tabindex="0">${esc(run.logcat.join('\n') || '(nothing logged)')}</pre>
<h2>Next command</h2>
${terminalForm(lab, command)}
<p><a href="${esc(lab.base)}/apk/file?path=${encodeURIComponent(MANIFEST_PATH)}">AndroidManifest.xml</a> · <a href="${esc(lab.base)}/apk">Decompiled files</a></p>`,
  );
}

const target: LabTarget = {
  id: 'mobile-exported-deeplink',
  routes: {
    'GET /': (_request, lab) => homePage(lab),
    ...apkBrowserRoutes({ apkName: APK_NAME, files: () => TREE }),
    'GET /adb': (_request, lab) => redirect(lab, '/'),
    'POST /adb': (request, lab) => {
      const command = (request.form().get('command') ?? '').slice(0, MAX_COMMAND);
      if (!command.trim()) return redirect(lab, '/');
      return resultPage(lab, command, device(lab).execute(command));
    },
  },
};

export default target;
