import { fileURLToPath } from 'node:url';
import { GlobalFonts, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { COURSE_NAME, MODULE_DISPLAY_NAMES, MODULE_IDS } from '@ehc/common';
import QRCode from 'qrcode';

export const CERTIFICATE_WIDTH = 1200;
export const CERTIFICATE_HEIGHT = 850;

const FONT_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));

// Registered under our own family names so the machine's fonts are never picked:
// the same certificate renders to the same bytes everywhere.
let fontsReady = false;
function registerFonts(): void {
  if (fontsReady) return;
  const fonts: [string, string][] = [
    ['NotoSans-Regular.ttf', 'EHC Sans'],
    ['NotoSans-Bold.ttf', 'EHC Sans'],
    ['NotoSerif-Bold.ttf', 'EHC Serif'],
    ['NotoSerif-Italic.ttf', 'EHC Serif'],
    ['NotoSansDevanagari-Regular.ttf', 'EHC Devanagari'],
    ['NotoSansDevanagari-Bold.ttf', 'EHC Devanagari'],
  ];
  for (const [file, family] of fonts) GlobalFonts.registerFromPath(`${FONT_DIR}${file}`, family);
  fontsReady = true;
}

export interface CertificateDrawing {
  certificateId: string;
  holderName: string;
  /** A module id, or "FULL". */
  scope: string;
  completedAt: number;
  verifyUrl: string;
}

const INK = '#13261f';
const GREEN = '#0f5132';
const GOLD = '#b08d2a';
const MUTED = '#55635c';
const PAPER = '#fbf8f0';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** Draws the certificate as a 1200 × 850 PNG. */
export async function renderCertificatePng(certificate: CertificateDrawing): Promise<Buffer> {
  registerFonts();
  const canvas = createCanvas(CERTIFICATE_WIDTH, CERTIFICATE_HEIGHT);
  const ctx = canvas.getContext('2d');
  const centre = CERTIFICATE_WIDTH / 2;

  // Paper, a heavy green frame and a fine gold rule inside it.
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, CERTIFICATE_WIDTH, CERTIFICATE_HEIGHT);
  ctx.strokeStyle = GREEN;
  ctx.lineWidth = 16;
  ctx.strokeRect(22, 22, CERTIFICATE_WIDTH - 44, CERTIFICATE_HEIGHT - 44);
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = 2;
  ctx.strokeRect(44, 44, CERTIFICATE_WIDTH - 88, CERTIFICATE_HEIGHT - 88);
  drawCornerMarks(ctx);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = GOLD;
  ctx.font = 'bold 18px "EHC Sans"';
  ctx.letterSpacing = '6px';
  ctx.fillText(COURSE_NAME.toUpperCase(), centre, 112);
  ctx.letterSpacing = '0px';

  ctx.fillStyle = GREEN;
  ctx.font = 'bold 58px "EHC Serif"';
  ctx.fillText('Certificate of Completion', centre, 190);

  ctx.fillStyle = MUTED;
  ctx.font = 'italic 24px "EHC Serif"';
  ctx.fillText('This certifies that', centre, 250);

  // The holder's name: as large as fits, shrinking for long names; Devanagari and other
  // scripts fall back to the Devanagari face within the same line.
  ctx.fillStyle = INK;
  const nameSize = fitFontSize(ctx, certificate.holderName, 'bold', '"EHC Serif", "EHC Devanagari"', 56, 26, 880);
  ctx.font = `bold ${nameSize}px "EHC Serif", "EHC Devanagari"`;
  ctx.fillText(certificate.holderName, centre, 325);
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = 1.5;
  line(ctx, centre - 330, 350, centre + 330, 350);

  const full = certificate.scope === 'FULL';
  ctx.fillStyle = MUTED;
  ctx.font = 'italic 24px "EHC Serif"';
  ctx.fillText(
    full ? 'has completed every module of the course' : 'has successfully completed the module',
    centre,
    398,
  );

  ctx.fillStyle = GREEN;
  const title = full ? COURSE_NAME : moduleName(certificate.scope);
  const titleSize = fitFontSize(ctx, title, 'bold', '"EHC Sans"', 40, 24, 900);
  ctx.font = `bold ${titleSize}px "EHC Sans"`;
  ctx.fillText(title, centre, 452);

  if (full) drawModuleList(ctx, 495);

  drawFooter(ctx, certificate);
  await drawQr(ctx, certificate.verifyUrl);
  // encode() compresses on a worker thread, so drawing one certificate does not stall
  // every other request on the event loop.
  return canvas.encode('png');
}

function moduleName(scope: string): string {
  return (MODULE_DISPLAY_NAMES as Record<string, string>)[scope] ?? scope;
}

/** All seven module names in two centred columns (the full certificate). */
function drawModuleList(ctx: SKRSContext2D, top: number): void {
  const names = MODULE_IDS.map((id) => MODULE_DISPLAY_NAMES[id]);
  ctx.fillStyle = INK;
  ctx.font = '19px "EHC Sans"';
  ctx.textAlign = 'left';
  const columns = [names.slice(0, 4), names.slice(4)];
  const xs = [310, 650];
  columns.forEach((column, c) => {
    column.forEach((name, r) => {
      ctx.fillStyle = GOLD;
      ctx.fillText('◆', xs[c]!, top + r * 30);
      ctx.fillStyle = INK;
      ctx.fillText(name, xs[c]! + 24, top + r * 30);
    });
  });
  ctx.textAlign = 'center';
}

function drawFooter(ctx: SKRSContext2D, certificate: CertificateDrawing): void {
  const baseline = 700;
  ctx.textAlign = 'left';
  ctx.fillStyle = MUTED;
  ctx.font = '16px "EHC Sans"';
  ctx.fillText('DATE OF COMPLETION', 110, baseline - 34);
  ctx.fillStyle = INK;
  ctx.font = 'bold 24px "EHC Sans"';
  ctx.fillText(dateFormat.format(new Date(certificate.completedAt)), 110, baseline);
  ctx.fillStyle = MUTED;
  ctx.font = '16px "EHC Sans"';
  ctx.fillText('CERTIFICATE ID', 110, baseline + 44);
  ctx.fillStyle = INK;
  const idSize = fitFontSize(ctx, certificate.certificateId, '', '"EHC Sans"', 18, 11, 600);
  ctx.font = `${idSize}px "EHC Sans"`;
  ctx.fillText(certificate.certificateId, 110, baseline + 70);
  ctx.textAlign = 'center';

  // A simple seal between the two footer blocks.
  const x = 640;
  const y = 690;
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.arc(x, y, 52, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.arc(x, y, 44, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = GREEN;
  ctx.font = 'bold 26px "EHC Serif"';
  ctx.fillText('EHC', x, y + 4);
  ctx.font = 'bold 10px "EHC Sans"';
  ctx.fillText('VERIFIED', x, y + 22);
}

/** A QR code of the verification URL, with the URL printed beneath it. */
async function drawQr(ctx: SKRSContext2D, url: string): Promise<void> {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const size = 128;
  const cell = Math.floor(size / count) || 1;
  const drawn = cell * count;
  const left = 1090 - drawn;
  const top = 600;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(left - 6, top - 6, drawn + 12, drawn + 12);
  ctx.fillStyle = INK;
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.modules.get(row, col)) ctx.fillRect(left + col * cell, top + row * cell, cell, cell);
    }
  }
  // The URL on two right-aligned lines (site, then path) so it stays clear of the seal.
  ctx.textAlign = 'right';
  ctx.fillStyle = MUTED;
  const split = url.indexOf('/verify/');
  const lines = split > 0 ? [`Verify at ${url.slice(0, split)}`, url.slice(split)] : ['Verify at', url];
  lines.forEach((text, i) => {
    ctx.font = `${fitFontSize(ctx, text, '', '"EHC Sans"', 13, 8, 370)}px "EHC Sans"`;
    ctx.fillText(text, 1096, top + drawn + 24 + i * 18);
  });
  ctx.textAlign = 'center';
}

function drawCornerMarks(ctx: SKRSContext2D): void {
  ctx.fillStyle = GOLD;
  for (const [x, y] of [
    [44, 44],
    [CERTIFICATE_WIDTH - 44, 44],
    [44, CERTIFICATE_HEIGHT - 44],
    [CERTIFICATE_WIDTH - 44, CERTIFICATE_HEIGHT - 44],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(x, y - 10);
    ctx.lineTo(x + 10, y);
    ctx.lineTo(x, y + 10);
    ctx.lineTo(x - 10, y);
    ctx.closePath();
    ctx.fill();
  }
}

function line(ctx: SKRSContext2D, x1: number, y1: number, x2: number, y2: number): void {
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

/** The largest size between `max` and `min` at which `text` fits `width` pixels. */
function fitFontSize(
  ctx: SKRSContext2D,
  text: string,
  weight: string,
  family: string,
  max: number,
  min: number,
  width: number,
): number {
  for (let size = max; size > min; size -= 1) {
    ctx.font = `${weight} ${size}px ${family}`.trim();
    if (ctx.measureText(text).width <= width) return size;
  }
  return min;
}
