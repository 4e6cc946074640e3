/**
 * The learner's display choices, kept per device in localStorage, and the one inline
 * script that applies them before the first paint (no flash of the wrong theme). The
 * build writes the script into index.html; the server allows exactly it by its hash in
 * the Content Security Policy, so no other inline script can run.
 */
export const THEME_KEY = 'ehc-theme';
export const READING_SCALE_KEY = 'ehc-reading-scale';

/** The browser's own bars (meta theme-color) in each theme, matching the page behind them. */
export const THEME_COLORS = { dark: '#0b1120', light: '#f1f5f9' } as const;

export const THEME_BOOT_SCRIPT =
  `(function(){try{var d=document.documentElement,t=localStorage.getItem('${THEME_KEY}'),` +
  `s=Number(localStorage.getItem('${READING_SCALE_KEY}')),m=document.querySelector('meta[name=theme-color]');` +
  `d.dataset.theme=t==='light'||t==='dark'?t:matchMedia('(prefers-color-scheme: light)').matches?'light':'dark';` +
  `if(m)m.content=d.dataset.theme==='light'?'${THEME_COLORS.light}':'${THEME_COLORS.dark}';` +
  `if(s>0&&s<2)d.style.setProperty('--reading-scale',String(s))}catch(e){}})()`;
