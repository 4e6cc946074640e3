/**
 * The learner's display choices, kept per device in localStorage, and the one inline
 * script that applies them before the first paint (no flash of the wrong theme). The
 * build writes the script into index.html; the server allows exactly it by its hash in
 * the Content Security Policy, so no other inline script can run.
 */
export const THEME_KEY = 'ehc-theme';
export const READING_SCALE_KEY = 'ehc-reading-scale';

export const THEME_BOOT_SCRIPT =
  `(function(){try{var d=document.documentElement,t=localStorage.getItem('${THEME_KEY}'),` +
  `s=Number(localStorage.getItem('${READING_SCALE_KEY}'));` +
  `d.dataset.theme=t==='light'||t==='dark'?t:matchMedia('(prefers-color-scheme: light)').matches?'light':'dark';` +
  `if(s>0&&s<2)d.style.setProperty('--reading-scale',String(s))}catch(e){}})()`;
