import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'htm-ble-gatt-writable',
  moduleId: 'hacking-through-mobile',
  lessonNumber: 6,
  title: 'Open a BLE smart lock without pairing',
  difficulty: 'Intermediate',
  objective:
    'Enumerate the GATT services of a (fictional) DL-2 smart lock with the in-lab explorer, work out its unlock command and write it from a phone that never paired. When the bolt retracts, the lab shows your flag.',
  hints: [
    'Connect, discover services and read everything readable, including the descriptors of the vendor service. Which characteristic can be written, and which ones answer with an error code?',
    'Firmware 2.4.1-dev left a debug characteristic behind. Its text describes the frame the control characteristic expects: a start byte, an operation and a 4-byte challenge.',
    'Read the challenge characteristic (UUID 5D1A0004-…), then write AA 01 followed by those four bytes, as hex, to the control characteristic (5D1A0003-…). Read the challenge again before every try: it changes after each accepted command.',
  ],
  writeup: `1. On the scanner, connect to the **DL2-…** lock (the only device in scope) and tap **Discover services**.
2. Read the Device Information strings: firmware \`2.4.1-dev\` is a development build. In the vendor
service \`5D1A0001-…\`, read each characteristic and its User Description descriptor: *Lock state*
(\`01\` = locked), *Lock control* (WRITE only), *Challenge*, *Debug* and *Owner PIN*.
3. *Owner PIN* answers **0x05 Insufficient Authentication**: the vendor knew how to require pairing.
*Debug* reads as \`CTRL(0003) frame AA|op|chal[4]; op 01=OPEN 02=CLOSE; chal=read 0004\`.
4. Read *Challenge* (four bytes, say \`3F-91-0C-7A\`) and write \`AA 01 3F 91 0C 7A\` as a byte array to
*Lock control*. The lock answers with a Write Response, and with notifications on, Lock state notifies
\`00\`: unlocked. A wrong length gets **0x0D**, a bad start byte **0x13**, a stale challenge **0x80**.

**Why it works:** the control characteristic's permissions allow writes on an unencrypted,
unauthenticated link, so any phone in range is trusted like the owner's bonded app. The challenge
was meant to stop replays, but anyone can read it over the same open link, so it proves nothing.

**The fix:** require LE Secure Connections with an authenticated pairing method (encryption and
authentication permissions on the control characteristic), authenticate commands at the
application layer with a per-device key (an HMAC over the challenge, never the challenge itself),
and strip debug characteristics from production firmware.`,
};

export default lab;
