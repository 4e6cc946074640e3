import { Link } from 'react-router';
import { DisplaySettings } from './DisplaySettings';

/** The logo and the way home at the top of the public pages; `width` matches the page's column. */
export function SiteHeader({ width = 'max-w-3xl' }: { width?: 'max-w-3xl' | 'max-w-6xl' }) {
  return (
    <header className={`mx-auto flex w-full ${width} items-center gap-3 px-4 py-6 sm:px-6`}>
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <Link to="/" className="inline-flex min-h-11 flex-1 items-center text-lg font-bold tracking-tight">
        Ethical Hacking Course
      </Link>
      <DisplaySettings />
    </header>
  );
}
