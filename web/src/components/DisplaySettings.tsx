import { useEffect, useId, useRef, useState, type ReactNode, type ToggleEvent } from 'react';
import {
  chooseReadingScale,
  chooseTheme,
  followDeviceTheme,
  READING_SCALES,
  readingScale,
  themeChoice,
  type ThemeChoice,
} from '../lib/display-settings';
import { useHydrated } from '../lib/use-hydrated';

const THEMES: { label: string; value: ThemeChoice }[] = [
  { label: 'Dark', value: 'dark' },
  { label: 'Light', value: 'light' },
  { label: 'Same as device', value: 'system' },
];

/** The gap between the "Aa" button and its panel, and between the panel and the window's edge. */
const PANEL_GAP_PX = 8;

/**
 * "Aa": the theme and the lesson text size, remembered on this device. A small panel on
 * the popover API (the browser closes it on Escape or a click outside); its choices are
 * plain radio buttons, so keyboards and screen readers know them already. The panel
 * opens just under its button, right edges aligned: the headers that hold the button
 * are centred columns, so on a wide window the button is far from the window's edge.
 */
export function DisplaySettings() {
  const id = useId();
  // The device's choices are read once the page is up: a page the server rendered knows
  // none of them, and its first render in the browser must match the server's (the panel is
  // closed until then, so nothing shows the defaults).
  const [theme, setTheme] = useState<ThemeChoice>('system');
  const [scale, setScale] = useState(1);
  const button = useRef<HTMLButtonElement>(null);
  // On a page the server rendered, the panel opens once the page's code can place it.
  const hydrated = useHydrated();
  useEffect(() => {
    setTheme(themeChoice());
    setScale(readingScale());
    return followDeviceTheme();
  }, []);

  // Placed as it opens, from where the button is then. The panel is fixed to the window,
  // whose width without its scroll bar is the root element's client width; its right edge
  // meets the button's unless that would push its left edge off the window (a button
  // with others after it, on a phone). Still hidden here, so its width is its CSS width.
  const placeUnderButton = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState !== 'open' || !button.current) return;
    const anchor = button.current.getBoundingClientRect();
    const panel = event.currentTarget;
    const windowWidth = document.documentElement.clientWidth;
    const panelWidth = parseFloat(getComputedStyle(panel).width);
    const right = Math.min(windowWidth - anchor.right, windowWidth - panelWidth - PANEL_GAP_PX);
    panel.style.top = `${anchor.bottom + PANEL_GAP_PX}px`;
    panel.style.right = `${Math.max(PANEL_GAP_PX, right)}px`;
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={`${id}-panel`}
        disabled={!hydrated}
        aria-label="Display settings: theme and text size"
        className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg border border-slate-700 text-sm font-bold text-slate-100 hover:bg-slate-800"
      >
        <span aria-hidden="true">Aa</span>
      </button>
      <div
        id={`${id}-panel`}
        popover="auto"
        role="dialog"
        aria-label="Display settings"
        onBeforeToggle={placeUnderButton}
        className="fixed inset-auto top-14 right-2 m-0 w-64 rounded-2xl border border-slate-700 bg-slate-900 p-4 text-sm text-slate-100 shadow-2xl"
      >
        <RadioChoices
          legend="Theme"
          name={`${id}-theme`}
          options={THEMES}
          chosen={theme}
          onChoose={(value) => {
            chooseTheme(value);
            setTheme(value);
          }}
        />
        <div className="mt-3 border-t border-slate-700 pt-3">
          <RadioChoices
            legend="Lesson text size"
            name={`${id}-scale`}
            options={READING_SCALES}
            chosen={scale}
            onChoose={(value) => {
              chooseReadingScale(value);
              setScale(value);
            }}
            // Each size is shown at the size it sets.
            renderLabel={(option) => <span style={{ fontSize: `${option.value}rem` }}>{option.label}</span>}
          />
        </div>
      </div>
    </>
  );
}

interface Choice<T> {
  label: string;
  value: T;
}

/** One setting as a group of radio buttons, one per choice. */
function RadioChoices<T extends string | number>({
  legend,
  name,
  options,
  chosen,
  onChoose,
  renderLabel = (option) => option.label,
}: {
  legend: string;
  name: string;
  options: readonly Choice<T>[];
  chosen: T;
  onChoose(value: T): void;
  renderLabel?: (option: Choice<T>) => ReactNode;
}) {
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={chosen === option.value}
            onChange={() => onChoose(option.value)}
            className="h-5 w-5 accent-emerald-500"
          />
          {renderLabel(option)}
        </label>
      ))}
    </fieldset>
  );
}
