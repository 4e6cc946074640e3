/**
 * README — lab files: downloads a paid learner practises on offline.
 *
 * The WiFi module's handshake-auditing lab needs a capture of a WPA2 handshake, and most
 * learners have no Wi-Fi adapter with monitor mode to record one. So the server makes it:
 * home-lab-capture.ts writes, byte by byte, what such an adapter would have recorded of a
 * client joining the lab network `EHC-HomeLab` (beacon, probe, authentication,
 * association and the 4-way handshake, PMKID included), and lab-wordlist.ts writes the
 * 200 candidate passphrases to try against it.
 *
 * Why generated and not a stored file:
 * - A binary capture in the repository is opaque: no review can tell what it holds or
 *   whether its MICs are right. The generator names every field, and the tests parse its
 *   output independently and check each MIC, the PMKID and the wrapped group key.
 * - No real network, device or person is in it: every MAC is a locally administered
 *   02:… address and every "random" value is derived from a fixed label, so there is no
 *   recording of someone else's network with unknown origin or licence.
 * - It is the same bytes on every server and every build, so one ETag serves everyone;
 *   the SSID or passphrase of the exercise changes in one place (HOME_LAB).
 *
 * Files are built on first request and kept in memory (≈4 KB in all); the route is
 * `GET /lab-files/<module>/<file>` (lab-file-routes.ts), for paid learners only.
 */
import { createHash } from 'node:crypto';
import type { ModuleId } from '@ehc/common';
import { homeLabHandshakeCapture } from './home-lab-capture';
import { labWordlist } from './lab-wordlist';

export interface LabFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  /** A weak validator: the text file may be sent compressed, and either form is this file. */
  etag: string;
}

interface LabFileSource {
  contentType: string;
  build: () => Buffer;
}

const SOURCES: Partial<Record<ModuleId, Record<string, LabFileSource>>> = {
  'wifi-hacking': {
    'home-lab-handshake.pcap': { contentType: 'application/vnd.tcpdump.pcap', build: homeLabHandshakeCapture },
    'lab-wordlist.txt': { contentType: 'text/plain; charset=utf-8', build: labWordlist },
  },
};

const built = new Map<string, LabFile>();

/** The lab file of a module by its file name, built on first use; null for any other name. */
export function findLabFile(moduleId: string, fileName: string): LabFile | null {
  const files = Object.hasOwn(SOURCES, moduleId) ? SOURCES[moduleId as ModuleId] : undefined;
  const source = files && Object.hasOwn(files, fileName) ? files[fileName] : undefined;
  if (!source) return null;
  const key = `${moduleId}/${fileName}`;
  let file = built.get(key);
  if (!file) {
    const body = source.build();
    const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    file = { fileName, contentType: source.contentType, body, etag: `W/"${digest}"` };
    built.set(key, file);
  }
  return file;
}
