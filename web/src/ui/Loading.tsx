/** A placeholder while data arrives, with a label for screen readers. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      {label}…
    </div>
  );
}
