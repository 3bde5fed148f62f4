/** "Show N more" under a list the server pages by a growing limit: shown while it holds fewer than the count. */
export function ShowMore({
  shown,
  total,
  page,
  busy,
  onMore,
}: {
  shown: number | undefined;
  total: number | undefined;
  page: number;
  busy: boolean;
  onMore: () => void;
}) {
  if (shown === undefined || total === undefined || total <= shown) return null;
  return (
    <button type="button" onClick={onMore} disabled={busy}>
      Show {Math.min(page, total - shown)} more
    </button>
  );
}
