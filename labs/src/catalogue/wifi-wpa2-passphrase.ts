import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'wifi-wpa2-passphrase',
  moduleId: 'wifi-hacking',
  lessonNumber: 8,
  title: 'Recover a WPA2 passphrase from a captured handshake',
  difficulty: 'Intermediate',
  objective:
    'A 4-way handshake of your lab network has been captured. Run the lab wordlist against its MIC, as hashcat -m 22000 would, and submit the passphrase; the lab checks it against the MIC and shows your flag.',
  hints: [
    'Open frame 7 (message 2 of 4). Which values do you need to recompute its MIC, and which of them depend on the passphrase?',
    'Only the PMK depends on the passphrase: PBKDF2-HMAC-SHA1 over the passphrase with the SSID as salt, 4,096 iterations. The PTK and the MIC follow cheaply from it.',
    'Press "Run the wordlist": the tool tries each candidate in your browser and stops at KEY FOUND. Candidates shorter than 8 characters are rejected, as hashcat does. Then submit the passphrase it found.',
  ],
  writeup: `**Steps on a phone.** Open the lab. The packet list shows the client joining \`HomeLab-…\`:
beacon, authentication, association and the four EAPOL-Key messages. Frame 7 is message 2; its
detail view shows the SNonce and the MIC at bytes 81–96 of the EAPOL frame. In **Wordlist audit
in this browser** press **Run the wordlist**. For each candidate the script computes

1. PMK = PBKDF2-HMAC-SHA1(candidate, SSID, 4096, 256 bits) with WebCrypto,
2. PTK = PRF-512(PMK, "Pairwise key expansion", min/max of both MACs, min/max of both nonces),
3. MIC = HMAC-SHA1(KCK = first 16 bytes of the PTK, message 2 with its MIC zeroed), first 16 bytes,

and compares the result with the captured MIC. When it prints **KEY FOUND!**, the passphrase is
already in the form below: press **Check it against the MIC**. The server repeats the same
computation and shows your flag. On a laptop, \`hashcat -m 22000 handshake.hc22000 wordlist.txt\` or
\`aircrack-ng -w wordlist.txt handshake.pcap\` do the same.

**Why it works.** The MIC proves knowledge of the PMK, and the PMK depends only on the passphrase and
the SSID, so anyone holding one handshake can test guesses offline as fast as their hardware allows,
without ever touching the network again. A dictionary word plus digits falls to a short targeted
list in seconds.

**The fix.** A random passphrase of 14 or more characters or 5 or more random words, unique per
SSID, or WPA3-SAE (or 802.1X), which removes the offline-guessing oracle altogether.`,
};

export default lab;
