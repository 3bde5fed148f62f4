/** Find a node by part of its path (operationsNodes(search)) and select it, however deep it sits. */
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { TextField } from '../../ui/fields';
import { NODE_SEARCH } from './documents';

const RESULTS = 20;
const DELAY_MS = 250;

export function NodeSearch({ onSelect }: { onSelect(path: string): void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const [result] = useQuery({ query: NODE_SEARCH, variables: { search, limit: RESULTS }, pause: search.length < 2 });
  const nodes = search.length >= 2 ? (result.data?.operationsNodes ?? []) : [];
  return (
    <div className="node-search">
      <TextField
        label="Find a node"
        type="search"
        placeholder="part of the path, e.g. prod"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={text.trim().length === 1 ? 'Type at least 2 characters.' : undefined}
      />
      <ErrorNotice error={result.error} />
      {search.length >= 2 && !result.fetching && nodes.length === 0 && !result.error ? (
        <p className="muted">No node path contains “{search}”.</p>
      ) : null}
      {nodes.length > 0 ? (
        <ul className="node-search-results" aria-label="Matching nodes">
          {nodes.map((node) => (
            <li key={node.id}>
              <button
                type="button"
                className="button-link"
                onClick={() => {
                  onSelect(node.id);
                  setText('');
                }}
              >
                {node.id}
              </button>{' '}
              <span className="muted">({node.serviceCount})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
