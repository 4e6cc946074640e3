// The JSON API behind TazaTokri's (fictional) Android app, version 2. Signing in with a test
// account returns a random bearer token, kept in the instance's state; every other endpoint
// checks it. The profile and order endpoints then fetch the object named in the path without
// asking whether it belongs to the caller: broken object level authorization (OWASP API1).
// The lab also shows what an intercepting proxy captured while the app was used, so the
// learner sees the requests, the IDs they carry and where a support agent's ID leaks (an
// order's refund). Reading that support admin's profile, with its support PIN, solves.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { esc, json, page, type LabRequest, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';

const API_HOST = 'api.tazatokri.in';
const APP_HEADERS = ['User-Agent: okhttp/4.12.0', 'X-App-Version: 5.9.0 (android 14)', 'Accept: application/json'];
const ADMIN_ID = 1002;

interface Account {
  phone: string;
  password: string;
  userId: number;
}

// The two test accounts the client issued for the test (A and B in the lesson's method).
const ACCOUNTS: Account[] = [
  { phone: '9876543210', password: 'Sabzi@2024', userId: 48213 },
  { phone: '9822012345', password: 'Misal#Pav7', userId: 48214 },
];

interface User {
  id: number;
  name: string;
  role: 'customer' | 'delivery_partner' | 'support_admin';
  phone: string;
  email: string;
  city: string;
  memberSince: string;
  addresses?: { label: string; line: string }[];
  walletBalance?: number;
  vehicle?: string;
  team?: string;
  permissions?: string[];
}

const USERS: Record<number, User> = {
  48213: {
    id: 48213,
    name: 'Sneha Patil',
    role: 'customer',
    phone: '+91 98765 43210',
    email: 'sneha.patil@example.in',
    city: 'Pune',
    memberSince: '2023-07-14',
    addresses: [{ label: 'Home', line: 'Flat 402, Sai Residency, Baner, Pune 411045' }],
    walletBalance: 120.5,
  },
  48214: {
    id: 48214,
    name: 'Imran Shaikh',
    role: 'customer',
    phone: '+91 98220 12345',
    email: 'imran.shaikh@example.in',
    city: 'Pune',
    memberSince: '2024-01-02',
    addresses: [
      { label: 'Home', line: 'B-11, Mayur Colony, Kothrud, Pune 411038' },
      { label: 'Work', line: '5th floor, Pride Icon, Kharadi, Pune 411014' },
    ],
    walletBalance: 0,
  },
  30115: {
    id: 30115,
    name: 'Santosh Pawar',
    role: 'delivery_partner',
    phone: '+91 97300 44871',
    email: 'santosh.pawar@partners.tazatokri.in',
    city: 'Pune',
    memberSince: '2022-11-20',
    vehicle: 'Electric scooter, MH 12 XY 0000 (test plate)',
  },
  [ADMIN_ID]: {
    id: ADMIN_ID,
    name: 'Meera Kulkarni',
    role: 'support_admin',
    phone: '+91 90110 20304',
    email: 'meera.kulkarni@tazatokri.in',
    city: 'Pune',
    memberSince: '2021-06-01',
    team: 'Customer support, Pune',
    permissions: ['refund.approve', 'wallet.credit', 'account.unlock', 'order.cancel'],
  },
};

interface Order {
  id: number;
  userId: number;
  placedAt: string;
  store: string;
  status: string;
  items: { name: string; qty: number; price: number }[];
  deliveryAddress: string;
  payment: string;
  deliveryPartner?: { userId: number; name: string };
  refund?: { amount: number; reason: string; approvedBy: { userId: number; name: string } };
}

const ORDERS: Record<number, Order> = {
  700498: {
    id: 700498,
    userId: 48213,
    placedAt: '2026-11-02T19:41:07+05:30',
    store: 'PNQ-07 Baner',
    status: 'delivered',
    items: [
      { name: 'Toned milk, 1 L', qty: 2, price: 56 },
      { name: 'Ladi pav, pack of 6', qty: 1, price: 30 },
    ],
    deliveryAddress: 'Flat 402, Sai Residency, Baner, Pune 411045',
    payment: 'UPI sneha.patil@okaxis',
    deliveryPartner: { userId: 30115, name: 'Santosh P.' },
  },
  700505: {
    id: 700505,
    userId: 48214,
    placedAt: '2026-11-03T08:15:44+05:30',
    store: 'PNQ-03 Kothrud',
    status: 'delivered',
    items: [{ name: 'Alphonso mangoes, 6 pcs', qty: 1, price: 549 }],
    deliveryAddress: 'B-11, Mayur Colony, Kothrud, Pune 411038',
    payment: 'Card ending 4417',
    deliveryPartner: { userId: 30115, name: 'Santosh P.' },
  },
  700512: {
    id: 700512,
    userId: 48213,
    placedAt: '2026-11-05T20:02:19+05:30',
    store: 'PNQ-07 Baner',
    status: 'delivered, part refunded',
    items: [
      { name: 'Tomato, 500 g', qty: 2, price: 28 },
      { name: 'Paneer, 200 g', qty: 1, price: 95 },
      { name: 'Coriander bunch', qty: 1, price: 12 },
    ],
    deliveryAddress: 'Flat 402, Sai Residency, Baner, Pune 411045',
    payment: 'UPI sneha.patil@okaxis',
    deliveryPartner: { userId: 30115, name: 'Santosh P.' },
    refund: {
      amount: 95,
      reason: 'Paneer past its date',
      approvedBy: { userId: ADMIN_ID, name: 'Meera K. (Support)' },
    },
  },
  700520: {
    id: 700520,
    userId: 48214,
    placedAt: '2026-11-06T21:30:02+05:30',
    store: 'PNQ-03 Kothrud',
    status: 'out for delivery',
    items: [{ name: 'Onion, 1 kg', qty: 2, price: 42 }],
    deliveryAddress: '5th floor, Pride Icon, Kharadi, Pune 411014',
    payment: 'Cash on delivery',
  },
};

interface State {
  /** The current token of each test account that signed in (at most one each). */
  sessions?: { token: string; userId: number }[];
}

/** The support agent's PIN (what callers must quote to support): different for every start of the lab. */
function supportPin(lab: Pick<LabTools, 'instanceSecret'>): string {
  return String(parseInt(lab.instanceSecret('support-pin').slice(0, 8), 16) % 1_000_000).padStart(6, '0');
}

/** The token in the captured traffic: from an earlier session of the app, expired since. */
function capturedToken(lab: Pick<LabTools, 'instanceSecret'>): string {
  return `ttk_at_${Buffer.from(lab.instanceSecret('captured-token'), 'hex').toString('base64url')}`;
}

function apiError(status: number, code: string, message: string): LabResponse {
  return json({ error: { code, message } }, { status });
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The caller's user ID from `Authorization: Bearer …`, or the 401 to answer. */
function authenticate(request: LabRequest, lab: LabTools): number | LabResponse {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    return apiError(401, 'unauthenticated', 'Send Authorization: Bearer <token> from POST /api/v2/auth/login.');
  const token = match[1]!;
  const session = (lab.state<State>()?.sessions ?? []).find((s) => sameToken(s.token, token));
  if (session) return session.userId;
  if (sameToken(token, capturedToken(lab)))
    return apiError(401, 'token_expired', 'This token has expired. Sign in again.');
  return apiError(401, 'invalid_token', 'This token is not valid.');
}

function profileJson(user: User): Record<string, unknown> {
  return { ...user };
}

function orderJson(order: Order): Record<string, unknown> {
  const total = order.items.reduce((sum, item) => sum + item.qty * item.price, 0);
  return { ...order, total, currency: 'INR' };
}

function ordersListJson(userId: number): Record<string, unknown> {
  return {
    orders: Object.values(ORDERS)
      .filter((order) => order.userId === userId)
      .map((order) => ({ id: order.id, placedAt: order.placedAt, status: order.status }))
      .reverse(),
  };
}

interface Captured {
  method: 'GET' | 'POST';
  path: string;
  headers: string[];
  body: string;
  status: number;
  response: unknown;
  what: string;
}

/** What the proxy recorded while test account A used the app: the same code answers these. */
function capturedTraffic(lab: LabTools): Captured[] {
  const token = capturedToken(lab);
  const bearer = `Authorization: Bearer ${token}`;
  const a = ACCOUNTS[0]!;
  return [
    {
      method: 'POST',
      path: '/api/v2/auth/login',
      headers: ['Content-Type: application/json; charset=UTF-8'],
      body: JSON.stringify({ phone: a.phone, password: a.password }),
      status: 200,
      response: { token, tokenType: 'Bearer', expiresIn: 3600, userId: a.userId },
      what: 'Sign-in with test account A',
    },
    {
      method: 'GET',
      path: `/api/v2/users/${a.userId}/profile`,
      headers: [bearer],
      body: '',
      status: 200,
      response: profileJson(USERS[a.userId]!),
      what: 'The Profile tab',
    },
    {
      method: 'GET',
      path: '/api/v2/orders',
      headers: [bearer],
      body: '',
      status: 200,
      response: ordersListJson(a.userId),
      what: 'The Orders tab',
    },
    {
      method: 'GET',
      path: '/api/v2/orders/700512',
      headers: [bearer],
      body: '',
      status: 200,
      response: orderJson(ORDERS[700512]!),
      what: 'Opening an order',
    },
  ];
}

function rawRequest(entry: Captured): string {
  const lines = [`${entry.method} ${entry.path} HTTP/1.1`, `Host: ${API_HOST}`, ...APP_HEADERS, ...entry.headers];
  if (entry.body) lines.push(`Content-Length: ${Buffer.byteLength(entry.body)}`);
  return `${lines.join('\n')}\n\n${entry.body}`;
}

function rawResponse(entry: Captured): string {
  return `HTTP/1.1 ${entry.status} OK\nContent-Type: application/json; charset=utf-8\n\n${JSON.stringify(entry.response, null, 2)}`;
}

function homePage(lab: LabTools): LabResponse {
  const accounts = ACCOUNTS.map(
    (account, index) =>
      `<tr><td>${index ? 'B' : 'A'}</td><td><code>${esc(account.phone)}</code></td><td><code>${esc(account.password)}</code></td></tr>`,
  ).join('');
  return page(
    'TazaTokri API test',
    `<h1>TazaTokri API test</h1>
<p>TazaTokri (a fictional company) delivers groceries across Pune. Its Android app talks to a JSON API at <code>https://${API_HOST}/api/v2/</code>, simulated at this lab\u2019s own address: send <code>/api/v2/\u2026</code> paths in the request editor.</p>
<div class="lab-card">
<p><strong>Goal:</strong> a support administrator helped with one of your orders. Read that administrator\u2019s profile through the API; it holds a support PIN, and the answer shows your flag.</p>
</div>
<h2>Your test accounts</h2>
<p>The client issued two accounts for this test, so you can compare what each may see.</p>
<table>
<thead><tr><th scope="col">Account</th><th scope="col">Phone</th><th scope="col">Password</th></tr></thead>
<tbody>${accounts}</tbody>
</table>
<p><a href="${esc(lab.base)}/traffic">Captured traffic</a>: what your intercepting proxy recorded while account A used the app.</p>
<p class="lab-muted">In a real engagement you would send requests only to hosts named in your written authorisation, with these test accounts, and stop the moment you saw real customers\u2019 data. Everyone here is made up.</p>`,
  );
}

function trafficList(lab: LabTools): LabResponse {
  const rows = capturedTraffic(lab)
    .map(
      (entry, index) =>
        `<tr><td><a href="${esc(lab.base)}/traffic/${index + 1}">${index + 1}</a></td><td>${entry.method}</td><td><code>${esc(entry.path)}</code></td><td>${entry.status}</td><td>${esc(entry.what)}</td></tr>`,
    )
    .join('');
  return page(
    'Captured traffic',
    `<h1>Captured traffic</h1>
<p>Your proxy\u2019s HTTP history for <code>${API_HOST}</code>, recorded an hour ago while test account A signed in and opened Profile, Orders and one order. Tap a row to see the request and the response.</p>
<table>
<thead><tr><th scope="col">#</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">In the app</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p><a href="${esc(lab.base)}/">Back to the lab</a></p>`,
  );
}

function trafficEntry(lab: LabTools, n: string | undefined): LabResponse {
  const list = capturedTraffic(lab);
  const index = /^\d{1,2}$/.test(n ?? '') ? Number(n) - 1 : -1;
  const entry = list[index];
  if (!entry) {
    return page('Not captured', `<h1>Not captured</h1><p class="lab-error">There is no entry ${esc(n)}.</p>`, {
      status: 404,
    });
  }
  const headers = [...entry.headers].join('\n');
  return page(
    `Captured request ${index + 1}`,
    `<h1>Request ${index + 1}: ${esc(entry.what)}</h1>
<h2>Request</h2>
<pre tabindex="0">${esc(rawRequest(entry))}</pre>
<h2>Response</h2>
<pre tabindex="0">${esc(rawResponse(entry))}</pre>
<form method="post" action="${esc(lab.base)}/_editor#request-editor" class="lab-form">
  <input type="hidden" name="method" value="${entry.method}">
  <input type="hidden" name="path" value="${esc(entry.path)}">
  <input type="hidden" name="headers" value="${esc(headers)}">
  <input type="hidden" name="body" value="${esc(entry.body)}">
  <button type="submit">Send to the request editor</button>
</form>
<p class="lab-muted">This sends the request again, as it was captured, and opens it in the request editor so that you can change it.</p>
<p>${index > 0 ? `<a href="${esc(lab.base)}/traffic/${index}">Previous</a> · ` : ''}<a href="${esc(lab.base)}/traffic">All requests</a>${index + 1 < list.length ? ` · <a href="${esc(lab.base)}/traffic/${index + 2}">Next</a>` : ''}</p>`,
  );
}

function login(request: LabRequest, lab: LabTools): LabResponse {
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return apiError(400, 'bad_request', 'Send a JSON body: {"phone": "…", "password": "…"}.');
  }
  const { phone, password } = (body ?? {}) as { phone?: unknown; password?: unknown };
  if (typeof phone !== 'string' || typeof password !== 'string') {
    return apiError(400, 'bad_request', 'Both phone and password are required, as strings.');
  }
  const digits = phone.replace(/\D/g, '').slice(-10);
  const account = ACCOUNTS.find((a) => a.phone === digits);
  if (!account || account.password !== password) {
    return apiError(401, 'invalid_credentials', 'Phone number or password is wrong.');
  }
  const token = `ttk_at_${randomBytes(16).toString('base64url')}`;
  const sessions = (lab.state<State>()?.sessions ?? []).filter((s) => s.userId !== account.userId);
  lab.setState({ sessions: [...sessions, { token, userId: account.userId }].slice(-ACCOUNTS.length) } satisfies State);
  return json({ token, tokenType: 'Bearer', expiresIn: 3600, userId: account.userId });
}

const target: LabTarget = {
  id: 'mobile-backend-idor',
  routes: {
    'GET /': (_request, lab) => homePage(lab),
    'GET /traffic': (_request, lab) => trafficList(lab),
    'GET /traffic/:n': (request, lab) => trafficEntry(lab, request.params.n),
    'POST /api/v2/auth/login': login,
    'GET /api/v2/users/:id/profile': (request, lab) => {
      const caller = authenticate(request, lab);
      if (typeof caller !== 'number') return caller;
      // The flaw: any signed-in caller gets any profile. The fix: 403 unless id === caller
      // (or the caller's role allows it).
      const user = /^\d{1,9}$/.test(request.params.id ?? '') ? USERS[Number(request.params.id)] : undefined;
      if (!user) return apiError(404, 'not_found', 'No such user.');
      if (user.role !== 'support_admin') return json(profileJson(user));
      return json({ ...profileJson(user), supportPin: supportPin(lab), flag: lab.solve() });
    },
    'GET /api/v2/orders': (request, lab) => {
      const caller = authenticate(request, lab);
      if (typeof caller !== 'number') return caller;
      return json(ordersListJson(caller));
    },
    'GET /api/v2/orders/:id': (request, lab) => {
      const caller = authenticate(request, lab);
      if (typeof caller !== 'number') return caller;
      // The same flaw: the order is found by its number alone, never by its owner.
      const order = /^\d{1,9}$/.test(request.params.id ?? '') ? ORDERS[Number(request.params.id)] : undefined;
      if (!order) return apiError(404, 'not_found', 'No such order.');
      return json(orderJson(order));
    },
  },
};

export default target;
