/** The order of the services list: a native select (keyboard and screen readers know it), applied at once. */
import { SORT_CHOICES, sortParam, type ServiceSort } from './serviceSort';

export function SortChoice({ sort, onChange }: { sort: ServiceSort; onChange(sort: ServiceSort): void }) {
  return (
    <label className="sort-choice">
      Sort by
      <select value={sortParam(sort)} onChange={(event) => onChange(SORT_CHOICES.find((c) => c.param === event.target.value)!.sort)}>
        {SORT_CHOICES.map((choice) => (
          <option key={choice.param} value={choice.param}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
