import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'crypto-rsa-small-e',
  moduleId: 'cryptography',
  lessonNumber: 14,
  title: 'Recover an RSA message sent with e = 3 and no padding',
  difficulty: 'Intermediate',
  objective:
    "A parcel office's SMS gateway encrypts the night locker passphrase with textbook RSA, e = 3 and no padding, under a 1024-bit key. Recover the passphrase from n, e and c without factoring n, and open the locker; it then shows your flag.",
  hints: [
    'Compare sizes: how many bits does a short text of about 20 bytes make as a number, and how many bits is that number cubed? How many bits has n?',
    'If m^3 is smaller than n, the reduction "mod n" never happens: c is simply m^3 as an ordinary integer.',
    'Paste c into the integer cube root calculator. An exact cube root r is m; read r as bytes of text, and that text is the passphrase.',
  ],
  writeup: `The gateway computes \`c = m^e mod n\` with \`e = 3\`, where m is the passphrase's bytes read as one
big-endian integer, and adds no padding.

1. The passphrase is about 20 bytes, so m is about 160 bits and m^3 about 480 bits. n has 1024 bits. So
   m^3 < n, the "mod n" never wraps, and \`c = m^3\` over the ordinary integers.
2. Open **Integer cube root calculator**, paste c (the decimal number on the home page) and press
   **Cube root**. It reports an **exact** cube root: r^3 = c.
3. The calculator shows r as text: that is the passphrase. Enter it in **Night parcel locker**.

No factoring, no private key: RSA's security rests on the modular reduction, and here there was none. With
a longer message, m^3 wraps around n and the plain cube root fails; the lesson's Håstad attack then combines
three such ciphertexts to the same e = 3 with the Chinese Remainder Theorem. On a laptop, the lesson's
\`icbrt\` function (binary search) does step 2 in Python.

**The fix:** never use textbook RSA. Encrypt with RSA-OAEP (random padding makes m as large as n and
different every time), prefer e = 65537, or better, use a hybrid scheme (an ECDH-based or RSA-KEM key
exchange plus an AEAD) through a vetted library.`,
};

export default lab;
