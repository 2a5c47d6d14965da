import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** A count badge after the label; undefined while the count is not known yet, or for a tab without one. */
  count?: number | undefined;
}

interface TabsProps<Id extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: ReadonlyArray<TabItem<Id>>;
  selected: Id;
  onSelect(id: Id): void;
  /** A vertical list also moves with Up and Down. */
  orientation?: 'horizontal' | 'vertical';
  /** The screen's own classes for the list, each tab and the panel. */
  classNames: { list: string; tab: string; panel: string };
  /** Given when the screen moves the focus to the panel (after an action took a card away). */
  panelRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

const forward = { horizontal: ['ArrowRight'], vertical: ['ArrowRight', 'ArrowDown'] };
const backward = { horizontal: ['ArrowLeft'], vertical: ['ArrowLeft', 'ArrowUp'] };

/**
 * A tab list and its panel (WAI-ARIA tabs pattern, automatic activation): one tab stop; the arrow
 * keys, Home and End move and select; the panel is labelled by its tab.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  orientation = 'horizontal',
  classNames,
  panelRef,
  children,
}: TabsProps<Id>) {
  const prefix = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${prefix}tab-${id}`;
  const panelId = (id: Id) => `${prefix}panel-${id}`;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const targets: Record<string, number> = { Home: 0, End: tabs.length - 1 };
    for (const key of forward[orientation]) targets[key] = (index + 1) % tabs.length;
    for (const key of backward[orientation]) targets[key] = (index - 1 + tabs.length) % tabs.length;
    const target = tabs[targets[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  }

  return (
    <>
      <div
        className={classNames.list}
        role="tablist"
        aria-label={label}
        aria-orientation={orientation === 'vertical' ? 'vertical' : undefined}
        onKeyDown={move}
      >
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
              className={classNames.tab}
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
        className={classNames.panel}
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        tabIndex={panelRef ? -1 : undefined}
      >
        {children}
      </div>
    </>
  );
}
