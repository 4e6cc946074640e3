import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The seller's legal pages, linked from every public page and from the payment screen. */
export const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms of use' },
  { to: '/privacy', label: 'Privacy notice' },
  { to: '/refunds', label: 'Refund policy' },
  { to: '/contact', label: 'Contact us' },
] as const;

/** The footer of public pages: the legal links, and an optional line above them. */
export function SiteFooter({ note }: { note?: ReactNode }) {
  return (
    <footer className="border-t border-slate-800/80 px-4 py-6 text-center text-sm text-slate-400 sm:px-6">
      {note && <p className="mx-auto mb-3 max-w-3xl">{note}</p>}
      <nav aria-label="Legal and contact">
        <ul className="flex flex-wrap justify-center gap-x-2">
          {LEGAL_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex min-h-11 items-center px-2 text-slate-300 underline-offset-4 hover:text-white hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
