/**
 * Saved service filters (resource SERVICES): the viewer's own and those shared with their groups.
 * Apply any; save the current view; delete or make default one's own. The default is applied by
 * the screen when it opens without a view in the URL.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, type UseQueryState } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { TextField } from '../../ui/fields';
import { CREATE_SAVED_FILTER, DELETE_SAVED_FILTER, SET_DEFAULT_FILTER, type SavedFilter, type SavedFiltersData } from './documents';
import { savedFilterText, type FleetFilter } from './fleetFilter';
import { Badge } from '../../ui/kit/Badge';

interface Props {
  readonly saved: UseQueryState<SavedFiltersData>;
  readonly current: FleetFilter;
  /** The filter whose view is shown, when it is one. */
  readonly activeId: string | null;
  onApply(filter: SavedFilter): void;
  onChanged(): void;
}

export function SavedFilters({ saved, current, activeId, onApply, onChanged }: Props) {
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [created, create] = useMutation(CREATE_SAVED_FILTER);
  const [deleted, remove] = useMutation(DELETE_SAVED_FILTER);
  const [defaulted, setDefault] = useMutation(SET_DEFAULT_FILTER);
  const busy = created.fetching || deleted.fetching || defaulted.fetching;
  const filters = saved.data?.savedFilters ?? [];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({
      input: { name: name.trim(), resource: 'SERVICES', filter: savedFilterText(current), isDefault: makeDefault },
    });
    if (!result.error) {
      setName('');
      setMakeDefault(false);
      onChanged();
    }
  };
  const act = async (run: () => Promise<{ error?: unknown }>) => {
    const result = await run();
    if (!result.error) onChanged();
  };

  return (
    <section className="saved-filters" aria-labelledby="saved-filters-title">
      <h2 id="saved-filters-title">Saved filters</h2>
      <ErrorNotice error={saved.error} />
      {filters.length === 0 && !saved.fetching ? <p className="muted">None yet: set filters, then save them here.</p> : null}
      <ul className="saved-list">
        {filters.map((filter) => (
          <li key={filter.id} className={filter.id === activeId ? 'saved-active' : undefined} data-saved-filter={filter.name}>
            <button
              type="button"
              className="button-link"
              aria-current={filter.id === activeId ? 'true' : undefined}
              onClick={() => onApply(filter)}
            >
              {filter.name}
            </button>
            {filter.isOwn && filter.isDefault ? <Badge>default</Badge> : null}
            {!filter.isOwn ? <span className="muted"> shared by {filter.ownerUsername ?? 'a former user'}</span> : null}
            {filter.isOwn ? (
              <span className="saved-actions">
                {filter.isDefault ? (
                  <button type="button" disabled={busy} onClick={() => void act(() => setDefault({ id: null }))}>
                    Unset default
                  </button>
                ) : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void act(() => setDefault({ id: filter.id }))}
                    aria-label={`Make ${filter.name} the default`}
                  >
                    Make default
                  </button>
                )}
                <button
                  type="button"
                  className="button-danger"
                  disabled={busy}
                  onClick={() => void act(() => remove({ id: filter.id }))}
                  aria-label={`Delete ${filter.name}`}
                >
                  Delete
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorNotice error={deleted.error ?? defaulted.error} />
      <form onSubmit={(event) => void save(event)} className="save-filter">
        <TextField
          label="Save the current filters as"
          value={name}
          maxLength={100}
          required
          onChange={(event) => setName(event.target.value)}
        />
        <label className="check">
          <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
          Make it my default
        </label>
        <button type="submit" disabled={busy || name.trim() === ''}>
          Save filter
        </button>
        <ErrorNotice error={created.error} title="Not saved" />
      </form>
    </section>
  );
}
