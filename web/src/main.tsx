import { PAGE_ANSWERS_ID } from '@ehc/common';
// The page's stylesheet: linked in index.html by the build, so it loads with the page.
import './index.css';

const start = () => void import('./boot');
if (!document.getElementById(PAGE_ANSWERS_ID) || document.visibilityState === 'hidden') {
  // A page the browser renders: the app's code is all it will show (its `Link` header
  // preloads it for a learner's pages). Also a page opened in a background tab, which
  // paints no frame until it is shown.
  start();
} else {
  // A public page the server rendered (docs/decisions/0041) shows without the app: its
  // code runs once the page has painted, and in two tasks (the libraries, then the app),
  // so a phone shows the page before spending its main thread on React (decision 0042).
  requestAnimationFrame(() =>
    setTimeout(() => {
      void import('./framework').then(() => setTimeout(start));
    }),
  );
}
