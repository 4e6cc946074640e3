// The lab pages' one stylesheet and one script, kept as text in the code: the lab host
// then reads no file at run time beyond its own modules.

/** Lab pages: made for a 360 px phone first. Dark like the course, readable at any zoom. */
export const LAB_CSS = `:root {
  color-scheme: dark;
  --bg: #0f1419;
  --panel: #1a2129;
  --line: #2f3a46;
  --text: #e6edf3;
  --muted: #a9b5c1;
  --accent: #4ade80;
  --link: #7cc4ff;
  --warn: #fca5a5;
}
* {
  box-sizing: border-box;
}
html {
  -webkit-text-size-adjust: 100%;
}
body {
  margin: 0;
  background: var(--bg);
  color: var(--text);
  font:
    16px/1.55 system-ui,
    -apple-system,
    'Segoe UI',
    Roboto,
    sans-serif;
  overflow-wrap: anywhere;
}
a {
  color: var(--link);
}
code,
pre,
textarea,
input,
select {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
.lab-bar {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.75rem;
  align-items: baseline;
  justify-content: space-between;
  padding: 0.75rem 1rem;
  background: var(--panel);
  border-bottom: 1px solid var(--line);
}
.lab-name {
  color: var(--text);
  font-weight: 700;
  text-decoration: none;
}
.lab-tag {
  color: var(--muted);
  font-size: 0.875rem;
}
.lab-target,
.lab-tools,
.lab-solved {
  max-width: 46rem;
  margin: 0 auto;
  padding: 1rem;
}
.lab-target h1 {
  font-size: 1.5rem;
  line-height: 1.25;
  margin: 0.25rem 0 1rem;
}
.lab-target h2 {
  font-size: 1.2rem;
}
.lab-solved {
  margin-top: 1rem;
  border: 2px solid var(--accent);
  border-radius: 0.75rem;
  background: #12261a;
}
.lab-solved h2 {
  margin: 0 0 0.5rem;
  color: var(--accent);
  font-size: 1.25rem;
}
.lab-flag {
  display: inline-block;
  padding: 0.1rem 0.35rem;
  border-radius: 0.35rem;
  background: #0b1a10;
  word-break: break-all;
}
.lab-tool {
  border: 1px solid var(--line);
  border-radius: 0.75rem;
  background: var(--panel);
  margin: 0 0 1rem;
  padding: 0 1rem;
}
.lab-tool > summary {
  cursor: pointer;
  padding: 0.85rem 0;
  font-weight: 600;
  min-height: 44px;
}
.lab-tool[open] > summary {
  border-bottom: 1px solid var(--line);
  margin-bottom: 0.75rem;
}
.lab-note {
  color: var(--muted);
  font-size: 0.9rem;
  margin-top: 0;
}
.lab-editor label,
.lab-form label {
  display: block;
  margin: 0 0 0.75rem;
  font-size: 0.9rem;
  color: var(--muted);
}
.lab-row {
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
}
.lab-grow {
  flex: 1 1 12rem;
}
input,
select,
textarea {
  display: block;
  width: 100%;
  margin-top: 0.25rem;
  padding: 0.6rem 0.65rem;
  min-height: 44px;
  border: 1px solid var(--line);
  border-radius: 0.5rem;
  background: var(--bg);
  color: var(--text);
  font-size: 1rem;
}
textarea {
  resize: vertical;
}
.lab-button,
button {
  display: inline-block;
  min-height: 44px;
  padding: 0.6rem 1.1rem;
  border: 0;
  border-radius: 0.5rem;
  background: var(--accent);
  color: #04210f;
  font: inherit;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
}
.lab-button:focus-visible,
button:focus-visible,
a:focus-visible,
summary:focus-visible,
input:focus-visible,
textarea:focus-visible,
select:focus-visible {
  outline: 3px solid var(--link);
  outline-offset: 2px;
}
.lab-response pre,
.lab-target pre {
  overflow-x: auto;
  white-space: pre-wrap;
  word-break: break-word;
  background: var(--panel);
  border: 1px solid var(--line);
  border-radius: 0.5rem;
  padding: 0.75rem;
  font-size: 0.875rem;
}
.lab-response h2 {
  font-size: 1.1rem;
  margin: 0 0 0.5rem;
}
.lab-error {
  color: var(--warn);
}
.lab-card {
  border: 1px solid var(--line);
  border-radius: 0.75rem;
  background: var(--panel);
  padding: 0.75rem 1rem;
  margin: 0 0 0.75rem;
}
.lab-table {
  overflow-x: auto;
  max-width: 100%;
  margin: 0 0 1rem;
}
.lab-table:focus-visible {
  outline: 3px solid var(--link);
  outline-offset: 2px;
}
.lab-target table {
  width: 100%;
  border-collapse: collapse;
}
.lab-target th,
.lab-target td {
  text-align: left;
  padding: 0.4rem 0.5rem;
  border-bottom: 1px solid var(--line);
}
.lab-target input[type='checkbox'],
.lab-target input[type='radio'] {
  display: inline-block;
  width: 1.25rem;
  height: 1.25rem;
  min-height: 0;
  margin: 0 0.5rem 0 0;
  vertical-align: middle;
  accent-color: var(--accent);
}
.lab-target table th,
.lab-target table td {
  overflow-wrap: normal;
  word-break: normal;
}
.lab-muted {
  color: var(--muted);
}
`;

/**
 * The platform's only script on lab pages. When the page shows a solved lab's flag, it
 * hands it to the course tab that opened the lab (which records the solve); otherwise the
 * "Record it in my course" link does. It never sends anything anywhere else.
 */
export const LAB_JS = `(function () {
  var banner = document.querySelector('[data-lab-flag]');
  if (!banner) return;
  var report = banner.querySelector('.lab-solved-report');
  var origin = banner.getAttribute('data-app-origin');
  try {
    if (window.opener && origin) {
      window.opener.postMessage(
        {
          type: 'ehc-lab-solved',
          labId: banner.getAttribute('data-lab-id'),
          flag: banner.getAttribute('data-lab-flag'),
        },
        origin,
      );
      if (report) {
        report.textContent = 'Sent to your course tab. If it does not show "Solved", use the button below.';
        report.hidden = false;
      }
    }
  } catch (error) {
    // A closed or navigated opener: the link below still records the solve.
  }
})();
`;
