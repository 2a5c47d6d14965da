import { type ReactNode, useId } from 'react';

interface FilterBarProps {
  /** The search landmark's name and its search field's label. */
  label: string;
  placeholder: string;
  search: string;
  onSearch(value: string): void;
  maxLength?: number;
  /** The text of the button that puts every filter back ("Clear Filters"). */
  clearLabel: string;
  onClear(): void;
  /** The list's own filters (status, sort, ...), between the search field and the button. */
  children: ReactNode;
}

/** A list's filters in a search landmark: a search field, the list's own selects, a button that clears them. */
export function FilterBar({
  label,
  placeholder,
  search,
  onSearch,
  maxLength,
  clearLabel,
  onClear,
  children,
}: FilterBarProps) {
  const searchId = useId();
  return (
    <search className="card applications-filters" aria-label={label}>
      <div className="applications-filter-row">
        <div className="field">
          <label className="field-label" htmlFor={searchId}>
            {label}
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            maxLength={maxLength}
            placeholder={placeholder}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
        {children}
        <button type="button" className="button button-ghost jobs-clear" onClick={onClear}>
          {clearLabel}
        </button>
      </div>
    </search>
  );
}
