import { destination, type DestinationStream } from 'pino';

/** How long a log line may wait in memory before it is written, at the most. */
export const LOG_FLUSH_MS = 250;
// Written once this much is waiting, so a busy server makes one write per ~150 lines.
const WRITE_AT_BYTES = 32 * 1024;
const MAX_WRITE_BYTES = 64 * 1024;

export interface LogStream extends DestinationStream {
  /** Writes every waiting line now, blocking: for the process's last moments. */
  flushSync(): void;
}

/**
 * Where the server's log lines go: a file descriptor (stdout unless told), written
 * asynchronously and in batches, so no request waits for the log and a busy server does
 * not pay a write per line.
 *
 * Two layers, because each alone leaves most of the cost (decision 0026):
 * - the lines logged in one turn of the event loop are handed on as one string at the end
 *   of that turn. SonicBoom, pino's writer, measures its whole pending buffer on every
 *   write, so thirty lines handed over one by one cost it thirty scans;
 * - SonicBoom then writes once WRITE_AT_BYTES are waiting, or LOG_FLUSH_MS after a batch
 *   was handed on, rather than once per turn: each asynchronous write is a round trip
 *   through libuv's threads. The timer is ours, not SonicBoom's `periodicFlush`, which
 *   writes (zero bytes) on every tick even when nothing is waiting.
 *
 * So a line reaches the file within about a quarter of a second. `flushSync` writes
 * everything at once; the server calls it as the process exits, so a crash report is
 * not left behind. Only a kill that gives the process no last moment (SIGKILL) loses
 * the lines of the last quarter-second.
 */
export function batchedLogStream(fd = 1): LogStream {
  const writer = destination({
    dest: fd,
    sync: false,
    minLength: WRITE_AT_BYTES,
    maxWrite: MAX_WRITE_BYTES,
  });
  let waiting: string[] = [];
  let handOffScheduled = false;
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    flushTimer = undefined;
    writer.flush();
  };
  const handOff = () => {
    handOffScheduled = false;
    if (waiting.length === 0) return;
    const lines = waiting.join('');
    waiting = [];
    writer.write(lines);
    // Unref'd: a line waiting to be written does not keep the process alive; the exit
    // flush in serverLogStream writes it.
    flushTimer ??= setTimeout(flush, LOG_FLUSH_MS).unref();
  };
  return {
    write(line: string) {
      waiting.push(line);
      if (!handOffScheduled) {
        handOffScheduled = true;
        setImmediate(handOff);
      }
    },
    flushSync() {
      handOff();
      writer.flushSync();
    },
  };
}

/**
 * The server process's log: stdout, batched as above, and written out in full when the
 * process exits for any reason, a crash included, so its report is the last line.
 */
export function serverLogStream(): LogStream {
  const stream = batchedLogStream(1);
  process.once('exit', () => stream.flushSync());
  return stream;
}
