import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, as Razorpay signs checkout results and webhooks. */
export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time. */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const received = Buffer.from(receivedHex, 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** The checkout's signature over `order_id|payment_id`, checked against the order WE stored. */
export function checkoutSignatureValid(
  keySecret: string,
  storedOrderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return signatureMatches(hmacHex(keySecret, `${storedOrderId}|${paymentId}`), signature);
}

/** A webhook's X-Razorpay-Signature over the raw request bytes. */
export function webhookSignatureValid(webhookSecret: string, rawBody: Buffer, signature: string): boolean {
  return signatureMatches(hmacHex(webhookSecret, rawBody), signature);
}
