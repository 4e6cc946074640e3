// A shop whose "Check stock" button posts a full URL (`stockApi`) that the server then
// fetches. Nothing checks where that URL points. The fetch is simulated: the URL is parsed
// with WHATWG `new URL()` (so `127.1`, `2130706433` and `[::1]` mean what they mean to a real
// client), its host is looked up in a small internal DNS, and the address and port pick a
// service from a map of JavaScript functions. No request ever leaves the process.
// The shop's admin interface trusts any request from an internal address, so asking the
// stock checker to fetch `http://localhost/admin/delete?username=carlos` solves the lab.
import { esc, page, text, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';

interface Product {
  name: string;
  price: number;
  blurb: string;
  units: number;
  warehouse: string;
}

const PRODUCTS: Record<string, Product> = {
  '1': {
    name: 'Brass diya set (pack of 5)',
    price: 649,
    blurb: 'Hand-polished brass lamps from Moradabad.',
    units: 42,
    warehouse: 'Bhiwandi',
  },
  '2': {
    name: 'Handloom cotton dupatta',
    price: 899,
    blurb: 'Block-printed in Bagru, natural dyes.',
    units: 7,
    warehouse: 'Jaipur',
  },
  '3': {
    name: 'Copper water bottle, 1 litre',
    price: 1149,
    blurb: 'Seamless copper with a lacquered finish.',
    units: 18,
    warehouse: 'Bhiwandi',
  },
  '4': {
    name: 'Terracotta planter',
    price: 399,
    blurb: 'Fired in Khurja, 20 cm across.',
    units: 0,
    warehouse: 'Bengaluru',
  },
};

const STAFF = [
  { username: 'administrator', role: 'admin' },
  { username: 'wiener', role: 'customer' },
  { username: 'carlos', role: 'customer' },
  { username: 'priya.nair', role: 'customer' },
];

interface State {
  deleted?: string[];
}

/** What a simulated service answers; `flag` when this request solved the lab. */
interface Upstream {
  status: number;
  contentType: string;
  body: string;
  flag?: string;
}

/** A request as a service sees it. `source` is the address the connection came from. */
interface Inbound {
  path: string;
  query: URLSearchParams;
  source: string;
  lab: LabTools;
}

// The learner's own browser, as the shop's front end sees it.
const LEARNER_ADDRESS = '203.0.113.47';
// The shop's app server: the stock checker runs here, and so does the admin interface.
const APP_SERVER = '10.10.0.5';

const INTERNAL_DNS: Record<string, string> = {
  localhost: '127.0.0.1',
  'stock.internal': '10.10.0.21',
  'admin.internal': APP_SERVER,
  'shop.internal': APP_SERVER,
};

const plain = (status: number, body: string): Upstream => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});
const html = (status: number, body: string): Upstream => ({ status, contentType: 'text/html; charset=utf-8', body });

function isInternal(address: string): boolean {
  return address.startsWith('127.') || address.startsWith('10.10.');
}

// The shop's own application. Its admin interface trusts the network position of the
// caller: anything from loopback or the internal network is taken to be staff.
function shopApp({ path, query, source, lab }: Inbound): Upstream {
  if (path === '/' || path === '') {
    return html(200, '<!doctype html>\n<title>Desi Bazaar</title>\n<h1>Desi Bazaar</h1>\n<p>Storefront.</p>');
  }
  if (path === '/admin' || path.startsWith('/admin/')) {
    if (!isInternal(source)) {
      return plain(
        403,
        `Forbidden: the admin interface is only reachable from the internal network. Your address ${source} is not internal.`,
      );
    }
    const deleted = lab.state<State>()?.deleted ?? [];
    if (path === '/admin' || path === '/admin/') {
      const rows = STAFF.filter((user) => !deleted.includes(user.username))
        .map((user) =>
          user.role === 'admin'
            ? `  <li>${user.username} (admin)</li>`
            : `  <li>${user.username} (customer) <a href="/admin/delete?username=${user.username}">Delete</a></li>`,
        )
        .join('\n');
      return html(
        200,
        `<!doctype html>\n<title>Desi Bazaar admin</title>\n<h1>Admin interface</h1>\n<p>Request from ${source}: internal, no login needed.</p>\n<h2>Users</h2>\n<ul>\n${rows}\n</ul>`,
      );
    }
    if (path === '/admin/delete') {
      const username = query.get('username') ?? '';
      const user = STAFF.find((u) => u.username === username && !deleted.includes(u.username));
      if (!user) return plain(404, `No user named "${username}".`);
      if (user.role === 'admin') return plain(400, 'The administrator account cannot be deleted.');
      lab.setState({ deleted: [...deleted, user.username] } satisfies State);
      const flag = user.username === 'carlos' ? lab.solve() : undefined;
      return { ...plain(200, `User ${user.username} deleted.`), ...(flag ? { flag } : {}) };
    }
  }
  return plain(404, 'Not Found');
}

function stockService({ path, query }: Inbound): Upstream {
  const json = (status: number, value: unknown): Upstream => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify(value),
  });
  if (path === '/') return plain(200, 'stock-service 2.3.1\nGET /check?id=<product id>');
  if (path !== '/check') return json(404, { error: 'no such endpoint' });
  const product = PRODUCTS[query.get('id') ?? ''];
  if (!product) return json(404, { error: 'unknown product id' });
  return json(200, { id: Number(query.get('id')), units: product.units, warehouse: product.warehouse });
}

// A cloud instance metadata service (IMDSv1 style), for learners who try the lesson's prize.
function metadataService({ path }: Inbound): Upstream {
  const pages: Record<string, string> = {
    '/latest/meta-data/': 'ami-id\nhostname\niam/\nlocal-ipv4',
    '/latest/meta-data/hostname': 'ip-10-10-0-5.ap-south-1.compute.internal',
    '/latest/meta-data/local-ipv4': APP_SERVER,
    '/latest/meta-data/iam/': 'security-credentials/',
    '/latest/meta-data/iam/security-credentials/': 'desi-bazaar-stock-role',
    '/latest/meta-data/iam/security-credentials/desi-bazaar-stock-role':
      '{"Code":"Success","AccessKeyId":"ASIALABEXAMPLE0000","SecretAccessKey":"lab-only-not-a-real-key","Token":"lab-only"}',
  };
  const body = pages[path];
  return body === undefined ? plain(404, 'Not Found') : plain(200, body);
}

// Listening sockets on the simulated network, by address and port.
const SERVICES: Record<string, (request: Inbound) => Upstream> = {
  '127.0.0.1:80': shopApp,
  [`${APP_SERVER}:80`]: shopApp,
  '10.10.0.21:8080': stockService,
  '169.254.169.254:80': metadataService,
};

/** The address a parsed host name connects to, or null when it is not on the network. */
function resolve(hostname: string): string | null {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) {
    // WHATWG `new URL()` has already turned 127.1, 2130706433 and 0x7f000001 into 127.0.0.1.
    // 0.0.0.0 reaches the local host on Linux, and the whole 127.0.0.0/8 is loopback.
    return hostname === '0.0.0.0' || hostname.startsWith('127.') ? '127.0.0.1' : hostname;
  }
  if (hostname.startsWith('[')) {
    const v6 = hostname.slice(1, -1);
    if (v6 === '::1' || v6 === '::') return '127.0.0.1';
    const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
    if (!mapped) return null;
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return resolve(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return INTERNAL_DNS[hostname.replace(/\.$/, '')] ?? null;
}

type Fetched = { ok: true; url: URL; upstream: Upstream } | { ok: false; status: number; message: string };

// The stock checker's HTTP client: GET the URL it was given, from the app server.
// The flaw: any URL is fetched; nothing restricts it to the stock service.
function fetchStock(raw: string, lab: LabTools): Fetched {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, status: 400, message: `Invalid URL: ${raw}` };
  }
  if (url.protocol !== 'http:') {
    return {
      ok: false,
      status: 400,
      message: `Unsupported protocol "${url.protocol}": the stock checker's HTTP client speaks plain http only.`,
    };
  }
  const port = url.port || '80';
  const address = resolve(url.hostname);
  if (!address) {
    return {
      ok: false,
      status: 504,
      message: `Timed out after 5 s connecting to ${url.hostname}:${port}. The stock checker sits on a private network with no route to the internet; only internal hosts answer.`,
    };
  }
  const service = SERVICES[`${address}:${port}`];
  if (!service) {
    return { ok: false, status: 502, message: `Connection refused by ${address}:${port} (${url.hostname}).` };
  }
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as it was, and simply matches nothing.
  }
  const source = address.startsWith('127.') ? '127.0.0.1' : APP_SERVER;
  return { ok: true, url, upstream: service({ path, query: url.searchParams, source, lab }) };
}

function productPage(id: string, product: Product): LabResponse {
  return page(
    product.name,
    `<h1>${esc(product.name)}</h1>
<p>${esc(product.blurb)}</p>
<p><strong>₹${esc(product.price)}</strong></p>
<form method="post" action="stock" class="lab-form">
  <input type="hidden" name="stockApi" value="${esc(`http://stock.internal:8080/check?id=${id}`)}">
  <button type="submit">Check stock</button>
</form>
<p><a href="./">All products</a></p>`,
  );
}

const target: LabTarget = {
  id: 'web-ssrf-stock-check',
  routes: {
    'GET /': () => {
      const items = Object.entries(PRODUCTS)
        .map(
          ([id, p]) =>
            `<li class="lab-card"><a href="product?id=${esc(id)}">${esc(p.name)}</a><br><span class="lab-muted">₹${esc(p.price)}</span></li>`,
        )
        .join('');
      return page(
        'Desi Bazaar',
        `<h1>Desi Bazaar</h1><p>Crafts from across India, shipped from our own warehouses. Open a product to check live stock.</p><ul>${items}</ul>`,
      );
    },
    'GET /product': (request) => {
      const id = request.query.get('id') ?? '';
      const product = Object.hasOwn(PRODUCTS, id) ? PRODUCTS[id] : undefined;
      if (!product) {
        return page('Not found', '<h1>Product not found</h1><p><a href="./">All products</a></p>', { status: 404 });
      }
      return productPage(id, product);
    },
    'POST /stock': (request, lab) => {
      const stockApi = request.form().get('stockApi');
      if (!stockApi)
        return page('Stock check', '<h1>Stock check</h1><p class="lab-error">Missing parameter stockApi.</p>', {
          status: 400,
        });
      if (stockApi.length > 2000)
        return page('Stock check', '<h1>Stock check</h1><p class="lab-error">stockApi is too long.</p>', {
          status: 400,
        });
      const fetched = fetchStock(stockApi, lab);
      if (!fetched.ok) {
        return page('Stock check', `<h1>Stock check failed</h1><p class="lab-error">${esc(fetched.message)}</p>`, {
          status: fetched.status,
        });
      }
      const { url, upstream } = fetched;
      let summary = '';
      if (upstream.status === 200 && upstream.contentType === 'application/json') {
        const stock = JSON.parse(upstream.body) as { units?: number; warehouse?: string };
        if (typeof stock.units === 'number') {
          summary = `<p><strong>${stock.units > 0 ? `${esc(stock.units)} units in stock` : 'Out of stock'}</strong> at our ${esc(stock.warehouse)} warehouse.</p>`;
        }
      }
      const flagCard = upstream.flag
        ? `<div class="lab-card"><p>carlos has been deleted through the internal admin interface. Flag for this lab:</p><p><code>${esc(upstream.flag)}</code></p></div>`
        : '';
      return page(
        'Stock check',
        `<h1>Stock check</h1>
${flagCard}${summary}
<p class="lab-muted">The stock checker fetched <code>${esc(url.href)}</code> and got HTTP ${esc(upstream.status)} (${esc(upstream.contentType)}):</p>
<pre>${esc(upstream.body)}</pre>
<p><a href="./">All products</a></p>`,
        { status: upstream.status },
      );
    },
    // The same admin interface, asked for directly from the learner's browser: refused.
    'GET /admin': (request, lab) => direct(request.path, request.query, lab),
    'GET /admin/*': (request, lab) => direct(request.path, request.query, lab),
    'GET /robots.txt': () => text('User-agent: *\nDisallow: /admin\n'),
  },
};

function direct(path: string, query: URLSearchParams, lab: LabTools): LabResponse {
  const answer = shopApp({ path, query, source: LEARNER_ADDRESS, lab });
  return page('Admin interface', `<h1>Admin interface</h1><p class="lab-error">${esc(answer.body)}</p>`, {
    status: answer.status,
  });
}

export default target;
