import type { SiteSearchResults } from '@careers/contracts/api/search-routes';
import { searchSectionSizes } from '@careers/contracts/constants';
import { companyMessages, screenMessages, searchMessages } from '@careers/contracts/messages';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/icons';
import { fullName } from '../../features/connections/components/person';
import { useSiteSearch } from '../../features/search/api/site-search';

/** How long the text rests before the typeahead asks (a fast typist sends one request, not five). */
const TYPEAHEAD_DELAY_MS = 150;

interface Suggestion {
  key: string;
  section: 'people' | 'companies' | 'jobs' | 'all';
  label: string;
  detail: string;
  to: string;
}

/** The typeahead's options in the order they are shown and walked: people, companies, jobs, then "all". */
export function suggestionsOf(results: SiteSearchResults | undefined, q: string): Suggestion[] {
  const people: Suggestion[] = (results?.people ?? []).map((p) => ({
    key: `person-${p._id}`,
    section: 'people',
    label: fullName(p),
    detail: [p.jobTitle, p.location.city].filter(Boolean).join(' · '),
    to: `/people/${p._id}`,
  }));
  const companies: Suggestion[] = (results?.companies ?? []).map((c) => ({
    key: `company-${c.slug}`,
    section: 'companies',
    label: c.name,
    detail: companyMessages.openJobs(c.openJobs),
    to: `/companies/${encodeURIComponent(c.slug)}`,
  }));
  const jobs: Suggestion[] = (results?.jobs ?? []).map((j) => ({
    key: `job-${j._id}`,
    section: 'jobs',
    label: j.title,
    detail: j.company.name || fullName(j.employer),
    to: `/jobs/${j._id}`,
  }));
  const all: Suggestion = {
    key: 'all',
    section: 'all',
    label: searchMessages.seeAllResults(q),
    detail: '',
    to: `/search?${new URLSearchParams({ q })}`,
  };
  return [...people, ...companies, ...jobs, all];
}

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const sectionTitles = {
  people: searchMessages.people,
  companies: searchMessages.companies,
  jobs: searchMessages.jobs,
} as const;

/**
 * The top bar's search. Enter sends the trimmed text to the jobs list as `?search=` (the spec; blank
 * text does nothing). Beyond the spec, a typeahead under the box offers people, companies and jobs as
 * one types, and a last option opens the search page with every kind: an ARIA 1.2 combobox, walked
 * with the arrow keys (Enter opens the option walked to, Escape closes the list), read out as the
 * options change.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const q = useSettled(text.trim(), TYPEAHEAD_DELAY_MS);
  const results = useSiteSearch(q, searchSectionSizes.typeahead, 'typeahead', open);
  const suggestions = open && q !== '' && results.data ? suggestionsOf(results.data, q) : [];
  const expanded = suggestions.length > 0;

  // Going somewhere (an option, Enter, a link) closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.key]);

  function go(to: string) {
    setOpen(false);
    setActive(-1);
    navigate(to);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const walkedTo = expanded && active >= 0 ? suggestions[active] : undefined;
    if (walkedTo) {
      go(walkedTo.to);
      return;
    }
    const search = text.trim();
    if (search === '') return;
    go(`/jobs?${new URLSearchParams({ search })}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        // -1 is the box itself: walking past either end comes back to it.
        const next = current + step;
        if (next >= suggestions.length) return -1;
        return next < -1 ? suggestions.length - 1 : next;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  let index = -1;
  const sections = (['people', 'companies', 'jobs'] as const).filter((section) =>
    suggestions.some((s) => s.section === section),
  );
  const renderOption = (suggestion: Suggestion) => {
    index += 1;
    const i = index;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the box's own keys walk and open the options (aria-activedescendant)
      <div
        key={suggestion.key}
        tabIndex={-1}
        id={optionId(i)}
        role="option"
        aria-selected={i === active}
        className={`typeahead-option${i === active ? ' typeahead-option-active' : ''}${suggestion.section === 'all' ? ' typeahead-all' : ''}`}
        // Kept from taking the focus from the box, so the click lands before the list closes.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => go(suggestion.to)}
      >
        <span className="typeahead-label" dir="auto">
          {suggestion.label}
        </span>
        {suggestion.detail ? (
          <span className="typeahead-detail" dir="auto">
            {suggestion.detail}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <search className="search-box">
      <form onSubmit={submit}>
        <SearchIcon />
        <input
          type="search"
          role="combobox"
          aria-label="Search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          placeholder={screenMessages.searchPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label={searchMessages.typeaheadLabel}
        className="typeahead"
        hidden={!expanded}
      >
        {sections.map((section) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox holds options and groups of them, not fieldsets
          <div key={section} role="group" aria-labelledby={`${listId}-${section}`}>
            <div className="typeahead-section" id={`${listId}-${section}`}>
              {sectionTitles[section]}
            </div>
            {suggestions.filter((s) => s.section === section).map(renderOption)}
          </div>
        ))}
        {suggestions.filter((s) => s.section === 'all').map(renderOption)}
      </div>
      {/* Not role="status": the screens' own status lines stay the only ones. */}
      <p aria-live="polite" className="visually-hidden typeahead-count">
        {expanded ? searchMessages.suggestionsCount(suggestions.length - 1) : ''}
      </p>
    </search>
  );
}
