import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { expect } from './fixtures';

/**
 * The e2e servers have no SMTP server: the mail job writes every message as an .eml file
 * into this folder (playwright.config.ts), named `<time>-<kind>-<id>.eml`.
 */
const OUTBOX_DIR = process.env.E2E_OUTBOX_DIR!;

function recipients(to: AddressObject | AddressObject[] | undefined): string[] {
  return [to ?? []].flat().flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

async function emailsTo(address: string, kind: string): Promise<ParsedMail[]> {
  let names: string[];
  try {
    names = await readdir(OUTBOX_DIR);
  } catch (error) {
    // The folder appears with the first email sent.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // The time-stamped names sort oldest first.
  const files = names.filter((name) => name.endsWith('.eml') && name.includes(`-${kind}-`)).sort();
  const parsed = await Promise.all(files.map(async (name) => simpleParser(await readFile(join(OUTBOX_DIR, name)))));
  return parsed.filter((mail) => recipients(mail.to).includes(address.toLowerCase()));
}

/** Waits until `count` emails of this kind have gone to the address, and returns the newest. */
export async function waitForEmail(address: string, kind: string, count = 1): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = await emailsTo(address, kind);
        return found.length;
      },
      { message: `${kind} email #${count} to ${address} in ${OUTBOX_DIR}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found.at(-1)!;
}

/** The reset link of a password-reset email, from its plain-text part. */
export function resetLinkOf(mail: ParsedMail): string {
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '');
  expect(match, `a reset link in:\n${mail.text}`).not.toBeNull();
  return match![0];
}
