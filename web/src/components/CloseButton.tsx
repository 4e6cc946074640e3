/** The "×" in a dialog's corner; its accessible name is "Close". */
export function CloseButton({ onClick, className = '' }: { onClick(): void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Close"
      className={`absolute top-3 right-3 rounded-full px-2 text-2xl leading-none ${className}`}
    >
      ×
    </button>
  );
}
