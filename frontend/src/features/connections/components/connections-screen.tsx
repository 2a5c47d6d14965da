import { pageTitles, connectionScreenMessages as texts } from '@careers/contracts/messages';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type TabItem, Tabs } from '../../../components/tabs';
import { type ConnectionFilters, noConnectionFilters, useConnectionList } from '../api/list-connections';
import { usePendingRequests } from '../api/list-pending-requests';
import { useSentRequests } from '../api/list-sent-requests';
import { useSuggestions } from '../api/list-suggestions';
import { useLiveConnections } from '../live/use-live-connections';
import { MyConnectionsPanel } from './my-connections-panel';
import { PendingPanel } from './pending-panel';
import { SuggestionsPanel } from './suggestions-panel';
import { type ActionDone, useConnectionActions } from './use-connection-actions';

type TabId = 'connections' | 'pending' | 'suggested';

const connectionTabClasses = { list: 'connection-tabs', tab: 'connection-tab', panel: 'connection-panel' };

/** The tab is in the URL (`?tab=pending`), so a link, a reload or Back shows the same one. */
function tabOf(params: URLSearchParams): TabId {
  const tab = params.get('tab');
  return tab === 'pending' || tab === 'suggested' ? tab : 'connections';
}

const idsOf = (items: ReadonlyArray<{ _id: string }> | undefined) => new Set(items?.map((item) => item._id));

/**
 * Spec, Connections (/connections): My Connections, Pending Requests and Suggested, each with a count
 * badge. The three lists load together, so every badge is right whichever tab is open, and follow the
 * other people's moves live (a request arriving, an answer, a withdrawal, a removal).
 */
export function ConnectionsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const [filters, setFilters] = useState<ConnectionFilters>(noConnectionFilters);
  const [announcement, setAnnouncement] = useState('');
  const panel = useRef<HTMLDivElement>(null);

  // The badge of My Connections counts every connection, whatever the list's own filters.
  const all = useConnectionList(noConnectionFilters);
  const received = usePendingRequests();
  const sent = useSentRequests();
  const suggestions = useSuggestions();
  useLiveConnections();

  const onDone = useCallback<ActionDone>((message, origin) => {
    setAnnouncement(message);
    // The card that held the button leaves its list: the focus goes to the panel, not to the page's top.
    if (!origin || origin.contains(document.activeElement) || document.activeElement === document.body) {
      panel.current?.focus();
    }
  }, []);
  const actions = useConnectionActions(onDone);

  const tabs: TabItem<TabId>[] = [
    { id: 'connections', label: texts.myConnections, count: all.data?.pages[0]?.pagination.totalConnections },
    { id: 'pending', label: texts.pendingRequests, count: received.data?.length },
    { id: 'suggested', label: texts.suggested, count: suggestions.data?.length },
  ];
  const receivedIds = useMemo(() => idsOf(received.data), [received.data]);
  const sentIds = useMemo(() => idsOf(sent.data), [sent.data]);

  function select(id: TabId) {
    const next = new URLSearchParams(params);
    if (id === 'connections') next.delete('tab');
    else next.set('tab', id);
    setParams(next, { replace: true });
  }

  return (
    <section className="screen connections-screen">
      <h1 className="screen-title">{pageTitles.connections}</h1>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <Tabs
        label={texts.tabs}
        tabs={tabs}
        selected={tab}
        onSelect={select}
        classNames={connectionTabClasses}
        panelRef={panel}
      >
        {tab === 'connections' ? (
          <MyConnectionsPanel
            filters={filters}
            onFilters={setFilters}
            actions={actions}
            receivedIds={receivedIds}
            sentIds={sentIds}
          />
        ) : null}
        {tab === 'pending' ? <PendingPanel received={received} sent={sent} actions={actions} /> : null}
        {tab === 'suggested' ? <SuggestionsPanel suggestions={suggestions} actions={actions} /> : null}
      </Tabs>
    </section>
  );
}
