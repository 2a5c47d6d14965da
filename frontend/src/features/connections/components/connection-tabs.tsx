import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface CountedTab<Id extends string> {
  id: Id;
  label: string;
  /** The badge; undefined while the count is not known yet. */
  count: number | undefined;
}

interface ConnectionTabsProps<Id extends string> {
  label: string;
  tabs: ReadonlyArray<CountedTab<Id>>;
  selected: Id;
  onSelect(id: Id): void;
  /** The tab panel, so the screen can give it the focus after an action took a card away. */
  panelRef?: React.Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * A horizontal tab list with a count badge on each tab (WAI-ARIA tabs pattern, automatic activation):
 * one tab stop, Left and Right, Home and End move and select, and the panel is labelled by its tab.
 */
export function ConnectionTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  panelRef,
  children,
}: ConnectionTabsProps<Id>) {
  const prefix = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${prefix}tab-${id}`;
  const panelId = (id: Id) => `${prefix}panel-${id}`;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = tabs[targets[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  }

  return (
    <>
      <div className="connection-tabs" role="tablist" aria-label={label} onKeyDown={move}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="connection-tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {/* The space keeps the name "Pending Requests 1" rather than "Pending Requests1". */}
              {tab.count === undefined ? null : (
                <>
                  {' '}
                  <span className="tab-count">{tab.count}</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      <div
        ref={panelRef}
        className="connection-panel"
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        tabIndex={-1}
      >
        {children}
      </div>
    </>
  );
}
