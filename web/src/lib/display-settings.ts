import { READING_SCALE_KEY, THEME_COLORS, THEME_KEY } from '@ehc/common';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/** Text sizes for lessons, as multiples of the reader's base size. */
export const READING_SCALES = [
  { label: 'Smaller', value: 0.9 },
  { label: 'Default', value: 1 },
  { label: 'Larger', value: 1.125 },
  { label: 'Largest', value: 1.25 },
] as const;

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The theme the learner picked on this device, or "system" (follow the device). */
export function themeChoice(storage: Storage = localStorage): ThemeChoice {
  const stored = storage.getItem(THEME_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The theme a choice comes to on this device now. */
export function resolveTheme(choice: ThemeChoice, prefersLight?: boolean): Theme {
  if (choice !== 'system') return choice;
  return (prefersLight ?? matchMedia(LIGHT_QUERY).matches) ? 'light' : 'dark';
}

type ThemeRoot = Pick<HTMLElement, 'dataset'>;
type ThemeColorMeta = Pick<HTMLMetaElement, 'content'> | null;

const themeColorMeta = (): ThemeColorMeta => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');

/** The page's palette and the browser's own bars around it. */
function applyTheme(theme: Theme, root: ThemeRoot, meta: ThemeColorMeta) {
  root.dataset.theme = theme;
  if (meta) meta.content = THEME_COLORS[theme];
}

/** Remembers the choice and applies it at once (the boot script applies it on later visits). */
export function chooseTheme(
  choice: ThemeChoice,
  storage: Storage = localStorage,
  root: ThemeRoot = document.documentElement,
  meta: ThemeColorMeta = themeColorMeta(),
) {
  if (choice === 'system') storage.removeItem(THEME_KEY);
  else storage.setItem(THEME_KEY, choice);
  applyTheme(resolveTheme(choice), root, meta);
}

/** The lesson text size picked on this device (1 when none was, or the stored value is odd). */
export function readingScale(storage: Storage = localStorage): number {
  const stored = Number(storage.getItem(READING_SCALE_KEY));
  return READING_SCALES.some((scale) => scale.value === stored) ? stored : 1;
}

export function chooseReadingScale(
  scale: number,
  storage: Storage = localStorage,
  root: Pick<HTMLElement, 'style'> = document.documentElement,
) {
  if (scale === 1) storage.removeItem(READING_SCALE_KEY);
  else storage.setItem(READING_SCALE_KEY, String(scale));
  root.style.setProperty('--reading-scale', String(scale));
}

/**
 * While the learner follows the device, a change of the device's setting (dark mode at
 * sunset) changes the page too. Returns the unsubscribe.
 */
export function followDeviceTheme(root: ThemeRoot = document.documentElement): () => void {
  const query = matchMedia(LIGHT_QUERY);
  const onChange = () => {
    if (themeChoice() === 'system') applyTheme(resolveTheme('system', query.matches), root, themeColorMeta());
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
