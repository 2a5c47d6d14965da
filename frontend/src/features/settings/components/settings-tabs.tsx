import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface SettingsTab<Id extends string> {
  id: Id;
  label: string;
}

interface SettingsTabsProps<Id extends string> {
  label: string;
  tabs: ReadonlyArray<SettingsTab<Id>>;
  selected: Id;
  onSelect(id: Id): void;
  children: ReactNode;
}

/**
 * A vertical tab list (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move and
 * select, and the panel is labelled by its tab.
 */
export function SettingsTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: SettingsTabsProps<Id>) {
  const prefix = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${prefix}tab-${id}`;
  const panelId = (id: Id) => `${prefix}panel-${id}`;

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const targets: Record<string, number> = {
      ArrowDown: (index + 1) % tabs.length,
      ArrowRight: (index + 1) % tabs.length,
      ArrowUp: (index - 1 + tabs.length) % tabs.length,
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
    <div className="settings-layout">
      <div
        className="settings-tabs"
        role="tablist"
        aria-label={label}
        aria-orientation="vertical"
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
              className="settings-tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        className="card settings-panel"
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
      >
        {children}
      </div>
    </div>
  );
}
