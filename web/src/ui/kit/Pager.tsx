/** Previous / next over an offset-paged list, with "21–40 of 312". */
export function Pager({
  offset,
  limit,
  total,
  onChange,
  label,
}: {
  offset: number;
  limit: number;
  total: number | null;
  onChange: (offset: number) => void;
  label: string;
}) {
  const shownTo = total === null ? offset + limit : Math.min(total, offset + limit);
  const hasNext = total === null ? false : offset + limit < total;
  return (
    <nav className="row pager" aria-label={label}>
      <button type="button" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span>{total === 0 ? 'None' : `${offset + 1}–${shownTo}${total === null ? '' : ` of ${total}`}`}</span>
      <button type="button" disabled={!hasNext} onClick={() => onChange(offset + limit)}>
        Next
      </button>
    </nav>
  );
}
