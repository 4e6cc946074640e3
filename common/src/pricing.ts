/** One price, set here and charged by the server; the browser only displays it. */
export const PRICE_PAISE = 4900;
export const PRICE_CURRENCY = 'INR';
export const PRICE_RUPEES = PRICE_PAISE / 100;
/** The struck-out "original" price shown beside the offer. */
export const LIST_PRICE_RUPEES = 4999;
export const DISCOUNT_PERCENT = 99;
