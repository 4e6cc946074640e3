// A small RFC 5322 / MIME reader for the phishing-forensics lab's header viewer: unfolds
// header fields, decodes encoded-words (RFC 2047), splits multipart bodies, decodes
// quoted-printable and base64 parts, and lists a HTML part's links with parse5.
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

export interface HeaderField {
  name: string;
  value: string;
}

export interface MimePart {
  headers: HeaderField[];
  contentType: string;
  body: string;
}

/** Splits a message into its unfolded header fields (in order) and its raw body. */
export function splitMessage(raw: string): { headers: HeaderField[]; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  const headers: HeaderField[] = [];
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && headers.length) {
      headers[headers.length - 1]!.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return { headers, body };
}

export function headerValues(headers: HeaderField[], name: string): string[] {
  return headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
}

/** Decodes RFC 2047 encoded-words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`). */
export function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([bq])\?([^?]*)\?=(\s+(?==\?))?/gi,
    (_all, _charset, encoding: string, data: string) => {
      if (encoding.toLowerCase() === 'b') return Buffer.from(data, 'base64').toString('utf8');
      return decodeQuotedPrintable(data.replaceAll('_', ' '));
    },
  );
}

export function decodeQuotedPrintable(data: string): string {
  const bytes: number[] = [];
  const text = data.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Encodes text as quoted-printable (RFC 2045), lines of at most 76 characters. */
export function encodeQuotedPrintable(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const tokens = [...Buffer.from(line, 'utf8')].map((b) =>
        b === 0x3d || b > 0x7e || (b < 0x20 && b !== 0x09)
          ? `=${b.toString(16).toUpperCase().padStart(2, '0')}`
          : String.fromCharCode(b),
      );
      const out: string[] = [];
      let current = '';
      for (const token of tokens) {
        if (current.length + token.length > 75) {
          out.push(`${current}=`);
          current = '';
        }
        current += token;
      }
      out.push(current);
      return out.join('\r\n');
    })
    .join('\r\n');
}

function parameter(value: string, name: string): string | undefined {
  const m = value.match(new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i'));
  return m?.[1];
}

/** The leaf parts of a (possibly multipart) message, decoded to text. */
export function leafParts(headers: HeaderField[], body: string, depth = 0): MimePart[] {
  const contentType = headerValues(headers, 'content-type')[0] ?? 'text/plain';
  const boundary = parameter(contentType, 'boundary');
  if (/^multipart\//i.test(contentType) && boundary && depth < 4) {
    const parts = body.split(`--${boundary}`).slice(1);
    return parts
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => {
        const inner = splitMessage(part.replace(/^\r?\n/, ''));
        return leafParts(inner.headers, inner.body, depth + 1);
      });
  }
  const encoding = (headerValues(headers, 'content-transfer-encoding')[0] ?? '').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return [{ headers, contentType: contentType.split(';')[0]!.trim().toLowerCase(), body: decoded }];
}

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

function textContent(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textContent).join('') : '';
}

/** Every `<a href>` in a HTML document: the text a reader sees and where it really goes. */
export function htmlLinks(html: string): { text: string; href: string }[] {
  const links: { text: string; href: string }[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node && (node as Element).tagName === 'a') {
      const href = (node as Element).attrs.find((a) => a.name === 'href')?.value;
      if (href !== undefined) links.push({ text: textContent(node).replace(/\s+/g, ' ').trim(), href });
    }
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html) as Node);
  return links;
}

export interface ReceivedHop {
  from: string;
  by: string;
  ip: string | null;
  date: string;
}

/** The parts of a Received field a reader needs: who handed it over (and from which IP), who took it, when. */
export function parseReceived(value: string): ReceivedHop {
  const [route = '', date = ''] = value.split(/;(?=[^;]*$)/);
  const from = route.match(/\bfrom\s+(.+?)(?=\s+by\s)/i)?.[1]?.trim() ?? '';
  const by = route.match(/\bby\s+(\S+)/i)?.[1] ?? '';
  const ip = from.match(/\[(\d{1,3}(?:\.\d{1,3}){3})\]/)?.[1] ?? null;
  return { from, by, ip, date: date.trim() };
}

/** `Authentication-Results: authserv-id; method=result …; …` split into its id and results. */
export function parseAuthResults(value: string): {
  authservId: string;
  results: { method: string; result: string; detail: string }[];
} {
  const [authservId = '', ...rest] = value.split(';').map((s) => s.trim());
  const results = rest
    .filter(Boolean)
    .map((clause) => {
      const m = clause.match(/^([a-z0-9-]+)\s*=\s*([a-z]+)\s*(.*)$/i);
      return m ? { method: m[1]!.toLowerCase(), result: m[2]!.toLowerCase(), detail: m[3]! } : null;
    })
    .filter((r): r is { method: string; result: string; detail: string } => r !== null);
  return { authservId, results };
}
