import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO, as the client said them. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** smtp://user:password@127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, parsed, in order of arrival. */
  received: ReceivedMail[];
  /** Answers the next `count` messages with `451` at RCPT TO or after DATA. */
  refuseNext(count: number, stage: 'rcpt' | 'data'): void;
  close(): Promise<void>;
}

export const SMTP_TEST_USER = 'mailer';
export const SMTP_TEST_PASSWORD = 'mailer-password';

/**
 * A real SMTP server on a random loopback port: plain text (no STARTTLS), login with
 * SMTP_TEST_USER / SMTP_TEST_PASSWORD. A message counts as received once it is parsed,
 * which happens before the client gets its 250, so a send that resolved has arrived.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals: { count: number; stage: 'rcpt' | 'data' } = { count: 0, stage: 'rcpt' };

  const takeRefusal = (stage: 'rcpt' | 'data'): Error | null => {
    if (refusals.stage !== stage || refusals.count === 0) return null;
    refusals.count -= 1;
    return Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
  };

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    // The tests' own connections end at QUIT; nothing should keep close() waiting long.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_TEST_USER && auth.password === SMTP_TEST_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(_address, _session, callback) {
      callback(takeRefusal('rcpt'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const refusal = takeRefusal('data');
          if (refusal) return callback(refusal);
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            parsed,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_TEST_USER}:${SMTP_TEST_PASSWORD}@127.0.0.1:${port}`,
    received,
    refuseNext(count, stage) {
      refusals = { count, stage };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
