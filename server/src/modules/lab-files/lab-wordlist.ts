import { createHash } from 'node:crypto';
import { HOME_LAB } from './home-lab-capture';

// Word parts a home network's owner in India might build a passphrase from.
const CITIES = ['pune', 'mumbai', 'delhi', 'chennai', 'kolkata', 'bengaluru', 'hyderabad', 'jaipur', 'kochi', 'indore'];
const SEASONS = ['monsoon', 'summer', 'winter', 'barish', 'sawan', 'basant'];
const FESTIVALS = ['diwali', 'holi', 'pongal', 'onam', 'navratri', 'ganpati', 'durgapuja', 'lohri', 'baisakhi', 'eid'];
const CRICKET = ['cricket', 'sixer', 'wicket', 'century', 'yorker', 'googly', 'boundary', 'captain', 'worldcup'];
const WORDS = [...CITIES, ...SEASONS, ...FESTIVALS, ...CRICKET];

const YEARS = ['2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026'];
const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

// The habits that turn a word into a "strong" passphrase.
const PATTERNS: ((word: string) => string[])[] = [
  (w) => YEARS.map((year) => w + year),
  (w) => YEARS.slice(-3).map((year) => capitalized(w) + year),
  (w) => [`${w}@${YEARS.at(-1)}`, `${capitalized(w)}@123`, `${w}@1234`],
  (w) => [`${w}123`, `${w}1234`, `${w}12345`, `${w}786`, `${w}007`],
  (w) => [`${w}wifi`, `${w}_home`, `ilove${w}`, `${w}${w.length}${w.length}`],
];

// A learner should have to run the list, not spot the answer: these near misses of it are
// always in, and the answer sits in the middle rather than first or last.
const NEAR_MISSES = ['monsoon2025', 'Monsoon2026', 'monsoon@2026', 'monsoon26', 'Monsoon@123', 'monsoon_2026'];
export const LAB_WORDLIST_SIZE = 200;
const ANSWER_INDEX = 117;

/** The lab wordlist as lines: 200 WPA-valid (8–63 characters) candidates, the lab passphrase among them. */
export function labWordlistCandidates(): string[] {
  const answer = HOME_LAB.passphrase;
  const pool = [...new Set(WORDS.flatMap((word) => PATTERNS.flatMap((pattern) => pattern(word))))].filter(
    (candidate) => candidate !== answer && !NEAR_MISSES.includes(candidate) && wpaPassphraseLength(candidate),
  );
  // A fixed pseudo-random order: the same list on every server and every build.
  const shuffled = (words: string[]) =>
    words
      .map((word) => ({ word, rank: rank(word) }))
      .sort((a, b) => (a.rank < b.rank ? -1 : 1))
      .map(({ word }) => word);
  const picked = shuffled(pool).slice(0, LAB_WORDLIST_SIZE - 1 - NEAR_MISSES.length);
  const list = shuffled([...picked, ...NEAR_MISSES]);
  list.splice(ANSWER_INDEX, 0, answer);
  return list;
}

/** lab-wordlist.txt: one candidate a line, as aircrack-ng and hashcat read it. */
export function labWordlist(): Buffer {
  return Buffer.from(labWordlistCandidates().join('\n') + '\n', 'utf8');
}

// WPA2-Personal passphrases are 8 to 63 printable ASCII characters; tools skip the rest.
function wpaPassphraseLength(candidate: string): boolean {
  return candidate.length >= 8 && candidate.length <= 63;
}

function rank(word: string): string {
  return createHash('sha256').update(`EHC lab wordlist ${word}`).digest('hex');
}
