/** A list of selling points, each with a green tick (landing page, payment screen, offer). */
export function CheckList({ items, className = 'space-y-3' }: { items: string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-200">
          <span aria-hidden="true" className="text-emerald-400">
            ✔
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
