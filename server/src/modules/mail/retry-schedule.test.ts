import { describe, expect, it } from 'vitest';
import { MAX_SEND_ATTEMPTS, retryDelayMs } from './mail-sender';

describe('the mail retry schedule', () => {
  it('waits 1 minute, doubling to at most 6 hours, and gives up after about 20.5 hours of retries', () => {
    const waits = Array.from({ length: MAX_SEND_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1) / 60_000);
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360]);
    // What mail-sender.ts and the docs say: 1,231 minutes, 20 h 31 min.
    expect(waits.reduce((sum, minutes) => sum + minutes, 0)).toBe(1231);
  });
});
