import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'wifi-enterprise-mschapv2',
  moduleId: 'wifi-hacking',
  lessonNumber: 10,
  title: 'Crack an MSCHAPv2 login captured by a rogue AP',
  difficulty: 'Intermediate',
  objective:
    'Your rogue LabCorp-Secure logged a PEAP-MSCHAPv2 exchange from a test laptop that skipped certificate validation. Compute the ChallengeHash, crack the NT-Response with the lab wordlist and submit the password; the lab then shows your flag.',
  hints: [
    'You need three values from the Response packet and one from the Challenge packet. Which ones go into ChallengeHash, and which one is what a cracker compares against?',
    'RFC 2759 hashes the user name without its domain. The Name field says LABCORP\\…: what happens to the ChallengeHash if you leave the prefix in?',
    'Compute the ChallengeHash with the bare user name (the part after the backslash), then run the prefilled wordlist in step 2 and submit the password it finds.',
  ],
  writeup: `**Steps.** The lab shows the two inner EAP-MSCHAPv2 packets your rogue logged, decoded: the
Authenticator Challenge (16 bytes, chosen by the rogue), and the laptop's Response with the
Peer-Challenge, the 24-byte NT-Response and the Name \`LABCORP\\user\`.

1. In **Step 1** remove \`LABCORP\\\` from the UserName and press **Compute ChallengeHash**. The lab
   computes SHA1(Peer-Challenge ‖ Authenticator Challenge ‖ user) and keeps the first 8 bytes. It
   also prints the \`user::::NT-Response:ChallengeHash\` line for \`hashcat -m 5500\`.
2. The result page has the cracker prefilled with that ChallengeHash, the NT-Response and the
   wordlist. Press **Run the wordlist**. For each candidate it computes NT hash = MD4(UTF-16LE
   password), splits it into 7 + 7 + 2 bytes (the last padded with five zeros), DES-encrypts the
   ChallengeHash under each part and compares the 24 bytes with the captured NT-Response.
3. Submit the password it finds. The server recomputes the NT-Response from it and shows your flag.

With the domain left in the name the ChallengeHash is wrong and no candidate matches: a common
reason real cracking runs fail.

**Why it works.** The rogue plays the server, so it chooses the challenge and receives a response
that depends only on the password: an offline oracle, exactly like a WPA2 handshake. The TLS tunnel
protected nothing, because the laptop never checked whose tunnel it was.

**The fix.** Enforce server-certificate validation (a named CA and server name) through MDM or Group
Policy, send an anonymous outer identity, and prefer EAP-TLS, which gives a rogue nothing reusable.`,
};

export default lab;
