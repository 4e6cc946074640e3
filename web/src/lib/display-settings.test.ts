import { READING_SCALE_KEY, THEME_BOOT_SCRIPT, THEME_COLORS, THEME_KEY } from '@ehc/common';
import { describe, expect, it } from 'vitest';
import { chooseReadingScale, chooseTheme, readingScale, resolveTheme, themeChoice } from './display-settings';

/** localStorage's interface over a Map. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('the theme', () => {
  it('follows the device until the learner picks one, and ignores an odd stored value', () => {
    expect(themeChoice(memoryStorage())).toBe('system');
    expect(themeChoice(memoryStorage({ [THEME_KEY]: 'light' }))).toBe('light');
    expect(themeChoice(memoryStorage({ [THEME_KEY]: 'purple' }))).toBe('system');
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('dark', true)).toBe('dark');
  });

  it('is remembered when picked and forgotten when handed back to the device', () => {
    const storage = memoryStorage();
    const root = { dataset: {} as DOMStringMap };
    const meta = { content: THEME_COLORS.dark as string };
    chooseTheme('light', storage, root, meta);
    expect(storage.getItem(THEME_KEY)).toBe('light');
    expect(root.dataset.theme).toBe('light');
    expect(meta.content).toBe(THEME_COLORS.light);
    chooseTheme('dark', storage, root, meta);
    expect(root.dataset.theme).toBe('dark');
    expect(meta.content).toBe(THEME_COLORS.dark);
    storage.setItem(THEME_KEY, 'dark');
    expect(themeChoice(storage)).toBe('dark');
  });
});

describe('the lesson text size', () => {
  it('is one of the offered sizes, else the default', () => {
    expect(readingScale(memoryStorage())).toBe(1);
    expect(readingScale(memoryStorage({ [READING_SCALE_KEY]: '1.25' }))).toBe(1.25);
    expect(readingScale(memoryStorage({ [READING_SCALE_KEY]: '7' }))).toBe(1);
  });

  it('is stored and applied as --reading-scale; the default is not stored', () => {
    const storage = memoryStorage();
    const properties = new Map<string, string>();
    const root = { style: { setProperty: (name: string, value: string) => properties.set(name, value) } };
    chooseReadingScale(1.125, storage, root as unknown as Pick<HTMLElement, 'style'>);
    expect(storage.getItem(READING_SCALE_KEY)).toBe('1.125');
    expect(properties.get('--reading-scale')).toBe('1.125');
    chooseReadingScale(1, storage, root as unknown as Pick<HTMLElement, 'style'>);
    expect(storage.getItem(READING_SCALE_KEY)).toBeNull();
  });
});

describe('the boot script', () => {
  it('reads the same keys the settings write', () => {
    expect(THEME_BOOT_SCRIPT).toContain(`'${THEME_KEY}'`);
    expect(THEME_BOOT_SCRIPT).toContain(`'${READING_SCALE_KEY}'`);
    expect(() => new Function(THEME_BOOT_SCRIPT)).not.toThrow();
  });

  it('applies the stored theme, the browser bars’ colour and the text size before the page paints', () => {
    const run = (stored: Record<string, string>, prefersLight: boolean) => {
      const root = { dataset: {} as DOMStringMap, style: new Map<string, string>() };
      const meta = { content: THEME_COLORS.dark as string };
      const page = {
        documentElement: {
          dataset: root.dataset,
          style: { setProperty: (k: string, v: string) => root.style.set(k, v) },
        },
        querySelector: (selector: string) => (selector === 'meta[name=theme-color]' ? meta : null),
      };
      new Function('document', 'localStorage', 'matchMedia', THEME_BOOT_SCRIPT)(page, memoryStorage(stored), () => ({
        matches: prefersLight,
      }));
      return { theme: root.dataset.theme, color: meta.content, scale: root.style.get('--reading-scale') };
    };
    expect(run({ [THEME_KEY]: 'light', [READING_SCALE_KEY]: '1.25' }, false)).toEqual({
      theme: 'light',
      color: THEME_COLORS.light,
      scale: '1.25',
    });
    expect(run({}, true)).toEqual({ theme: 'light', color: THEME_COLORS.light, scale: undefined });
    expect(run({}, false)).toEqual({ theme: 'dark', color: THEME_COLORS.dark, scale: undefined });
  });
});
