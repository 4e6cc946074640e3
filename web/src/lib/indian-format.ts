/**
 * Dates and money as Indian learners read them: "23 November 2026", "₹49.00".
 * Receipts use India's time zone so a payment made at 00:30 IST is dated that day
 * wherever the receipt is opened.
 */
const dateInIndia = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

const localDateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function formatIndianDate(iso: string): string {
  return dateInIndia.format(new Date(iso));
}

/** Date and time in the browser's own time zone (when a device was last used). */
export function formatLocalDateTime(iso: string): string {
  return localDateTime.format(new Date(iso));
}

export function formatPaise(paise: number, currency = 'INR'): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: 2 }).format(paise / 100);
}
