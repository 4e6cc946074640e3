import { Redis } from 'ioredis';

const REDIS_HELP =
  'Redis is not reachable for the tests that cover several app servers sharing throttles. Start it with: ' +
  'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no';

/** Fails loudly, saying how to start it, when the Redis these tests need is not answering. */
export async function requireRedis(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`${REDIS_HELP} (${(error as Error).message})`);
  } finally {
    client.disconnect();
  }
}
