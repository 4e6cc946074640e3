/** Link-layer types of the classic pcap format this module writes (tcpdump.org/linktypes.html). */
export const LINKTYPE_IEEE802_11_RADIOTAP = 127;

export interface CapturedFrame {
  /** Microseconds since the Unix epoch. */
  timeUs: number;
  bytes: Buffer;
}

const SNAPLEN = 65_535;

/**
 * A classic libpcap file (not pcapng): every capture tool reads it, aircrack-ng and
 * hcxpcapngtool included. Little-endian, microsecond timestamps, frames kept whole.
 */
export function pcapFile(linkType: number, frames: readonly CapturedFrame[]): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4); // version 2.4
  header.writeUInt16LE(4, 6);
  header.writeInt32LE(0, 8); // timestamps are UTC
  header.writeUInt32LE(0, 12); // accuracy, always 0
  header.writeUInt32LE(SNAPLEN, 16);
  header.writeUInt32LE(linkType, 20);

  const records = frames.flatMap(({ timeUs, bytes }) => {
    if (!Number.isSafeInteger(timeUs) || timeUs < 0) throw new Error(`Bad capture time ${timeUs}`);
    if (bytes.length > SNAPLEN) throw new Error(`A ${bytes.length}-byte frame is longer than the snapshot length`);
    const record = Buffer.alloc(16);
    record.writeUInt32LE(Math.floor(timeUs / 1_000_000), 0);
    record.writeUInt32LE(timeUs % 1_000_000, 4);
    record.writeUInt32LE(bytes.length, 8); // bytes in the file
    record.writeUInt32LE(bytes.length, 12); // bytes on the air
    return [record, bytes];
  });
  return Buffer.concat([header, ...records]);
}
