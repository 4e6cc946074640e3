import { Link } from 'react-router';

const PHRASE = 'contact support';

/**
 * A message shown word for word, with its "contact support" made a link to /contact. The
 * link opens a new tab so a checkout that is still confirming the payment keeps going.
 */
export function SupportLinkedMessage({ text }: { text: string }) {
  const at = text.indexOf(PHRASE);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <Link to="/contact" target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-white">
        {PHRASE}
      </Link>
      {text.slice(at + PHRASE.length)}
    </>
  );
}
