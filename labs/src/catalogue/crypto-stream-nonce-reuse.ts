import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'crypto-stream-nonce-reuse',
  moduleId: 'cryptography',
  lessonNumber: 5,
  title: 'Read a secret message from a reused ChaCha20 nonce',
  difficulty: 'Beginner',
  objective:
    "A bank branch's messenger encrypts every message with ChaCha20 under one key and one nonce. Use a captured public notice to recover the manager's secret message, then enter its strongroom passphrase; the console then shows your flag.",
  hints: [
    'Open the captured messages and compare their nonces. What does a repeated (key, nonce) pair mean for the keystream?',
    'C1 = P1 ⊕ S and C2 = P2 ⊕ S, so C1 ⊕ C2 = P1 ⊕ P2. Do you know any of the plaintexts already? Look at the notice board, and at the lengths.',
    'In the XOR tool take input A from message 1, input B from message 2, and type the notice board text as input C (format: text). A ⊕ B ⊕ C is message 2.',
  ],
  writeup: `BranchTalk encrypts with ChaCha20, a stream cipher: \`C = P ⊕ S\`, where the keystream S depends only
on the key and the nonce. Every message in the capture has the same nonce, so every message was XORed with
the same S, a two-time pad.

1. Open **Captured messages**. All three share one nonce. Message 1 is exactly as long as the notice on the
   home page: it is that notice, sent to all staff.
2. Open the **XOR tool**. Input A: "ciphertext of message 1". Input B: "ciphertext of message 2". Input C:
   type the notice board text and choose "text (UTF-8)". Press XOR.
3. The text result reads "Manager only. Strongroom passphrase for this week: …". Enter the passphrase on the
   home page.

Why it works: \`C1 ⊕ C2 = (P1 ⊕ S) ⊕ (P2 ⊕ S) = P1 ⊕ P2\`; the keystream cancels. XOR in the known P1 and
P2 is left, as far as P1 is long. The key was never touched. Without a known plaintext you would drag cribs
such as " the " across \`C1 ⊕ C2\`, as the lesson shows. (\`C1 ⊕ P1\` also hands you S itself, which decrypts
any other message of that length, or encrypts a forged one.)

**The fix:** a fresh nonce for every message under a key, never a constant: a persisted counter, or a random
nonce with XChaCha20's 192 bits. Use an AEAD such as ChaCha20-Poly1305 so tampering is detected too, and
treat any repeated nonce as a compromised key.`,
};

export default lab;
