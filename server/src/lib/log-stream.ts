import { destination, type DestinationStream } from 'pino';

/** How long a log line may wait in memory before it is written, at the most. */
export const LOG_FLUSH_MS = 250;
// Handed on once this much is waiting, so a busy server makes one write per ~190 lines.
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
 * Lines wait here in an array until about WRITE_AT_BYTES of them are waiting, or
 * LOG_FLUSH_MS after the first of them arrived, and are then handed to SonicBoom, pino's
 * writer, as one string, which it writes at once on libuv's threads. Taking a line costs
 * a push and an addition. Each asynchronous write is a round trip through libuv's
 * threads, and SonicBoom measures the byte length of its whole pending chunk whenever it
 * is handed more, so it is handed a batch, not a line or a turn's lines (decisions 0026
 * and 0031).
 *
 * So a line reaches the file within about a quarter of a second. `flushSync` writes
 * everything at once; the server calls it as the process exits, so a crash report is
 * not left behind. Only a kill that gives the process no last moment (SIGKILL) loses
 * the lines of the last quarter-second.
 */
export function batchedLogStream(fd = 1): LogStream {
  const writer = destination({ dest: fd, sync: false, maxWrite: MAX_WRITE_BYTES });
  let waiting: string[] = [];
  // In UTF-16 units, not bytes: near enough to decide when a batch is full.
  let waitingLength = 0;
  let flushTimer: NodeJS.Timeout | undefined;
  const handOff = () => {
    if (waiting.length === 0) return;
    const lines = waiting.join('');
    waiting = [];
    waitingLength = 0;
    writer.write(lines);
  };
  const flush = () => {
    flushTimer = undefined;
    handOff();
  };
  return {
    write(line: string) {
      waiting.push(line);
      waitingLength += line.length;
      if (waitingLength >= WRITE_AT_BYTES) handOff();
      // Unref'd: a line waiting to be written does not keep the process alive; the exit
      // flush in serverLogStream writes it.
      else flushTimer ??= setTimeout(flush, LOG_FLUSH_MS).unref();
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
