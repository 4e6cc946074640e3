let live = false;

/** React has adopted or painted the first screen, and the router follows Back and Forward (app/App.tsx). */
export function markFirstScreenLive(): void {
  live = true;
}

/** Whether the first screen is live yet (boot.tsx). */
export function isFirstScreenLive(): boolean {
  return live;
}
