import type { PersonProfile } from '@careers/contracts/entities/person-card';
import {
  connectionMessages,
  connectionScreenMessages,
  errorCardTitles,
  fallbackMessages,
  personMessages,
} from '@careers/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Avatar, initialsOf } from '../../../components/avatar';
import { ErrorCard } from '../../../components/error-card';
import { LoadMoreButton } from '../../../components/load-more-button';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../auth/components/auth-provider';
import { ActionButton } from '../../connections/components/action-button';
import { cityAndCountry, fullName } from '../../connections/components/person';
import { useConnectionActions } from '../../connections/components/use-connection-actions';
import { useLiveConnections } from '../../connections/live/use-live-connections';
import { feedListsKey, postsOf, useFeed } from '../../feed/api/get-feed';
import { PostList } from '../../feed/components/post-card';
import { useLivePosts } from '../../feed/live/use-live-posts';
import { MessageButton } from '../../messages/components/message-button';
import { personKey, usePerson } from '../api/get-person';

/**
 * Beyond the spec: a person's profile page (/people/{id}): picture or initials, name, job title, place,
 * bio, skills, how many connections they have and the ones the reader shares, and what the reader can
 * do about the two of them (Connect, Withdraw a request, Accept or Decline one, or nothing more when
 * connected). Email and phone show only when the server sends them (the person and their connections).
 * The other person's moves show live (a request to the reader, an answer, a removal).
 */
export function PersonScreen() {
  const { id = '' } = useParams();
  const person = usePerson(id);
  const queryClient = useQueryClient();
  const [said, setSaid] = useState('');
  const onDone = useCallback(
    (message: string) => {
      setSaid(message);
      void queryClient.invalidateQueries({ queryKey: personKey(id) });
    },
    [queryClient, id],
  );
  const actions = useConnectionActions(onDone);
  // The other person's moves (a request to the reader, an answer, a removal) reach the page live.
  useLiveConnections();

  if (person.isPending) return <LoadingState />;
  if (person.isError) {
    return (
      <ErrorCard
        title={personMessages.loadFailed}
        message={errorMessageOf(person.error, personMessages.loadFailed)}
        onRetry={() => void person.refetch()}
      />
    );
  }
  const p = person.data;
  const name = fullName(p);
  const place = cityAndCountry(p.location);
  return (
    <section className="screen person-screen">
      <article className="card person-card" aria-labelledby="person-name">
        <div className="person-header">
          <Avatar picture={p.profilePicture} name={name} initials={initialsOf(p)} size="large" />
          <div>
            <h1 className="screen-title" id="person-name" dir="auto">
              {name}
            </h1>
            {p.jobTitle ? <p dir="auto">{p.jobTitle}</p> : null}
            {place ? <p className="muted">{place}</p> : null}
            <p className="muted">{personMessages.connections(p.connectionCount)}</p>
          </div>
        </div>
        <div className="person-actions">
          <RelationshipActions person={p} actions={actions} />
          {/* Beyond the spec: anyone but oneself; the server says why when the two may not write. */}
          {p.relationship.status === 'self' ? null : <MessageButton participantId={p._id} name={name} />}
        </div>
        <p role="status" className="form-status">
          {said}
        </p>
        <p dir="auto">{p.bio || personMessages.noBio}</p>
        {p.skills.length > 0 ? (
          <ul className="skill-list" aria-label="Skills">
            {p.skills.map((skill) => (
              <li key={skill.name} className="badge" dir="auto">
                {skill.name}
              </li>
            ))}
          </ul>
        ) : null}
        {p.relationship.status === 'self' ? null : (
          <p>
            {p.mutualConnections.count === 0
              ? personMessages.noMutualConnections
              : personMessages.mutualConnections(
                  p.mutualConnections.people.map((m) => fullName(m)),
                  p.mutualConnections.count,
                )}
          </p>
        )}
        {p.email || p.phone ? (
          <section aria-label={personMessages.contact}>
            {p.email ? <p>{p.email}</p> : null}
            {p.phone ? <p>{p.phone}</p> : null}
          </section>
        ) : null}
      </article>
      <PersonPosts authorId={p._id} relationship={p.relationship.status} />
    </section>
  );
}

/** How many of a person's posts the profile shows at first, and adds at each "Show more posts". */
const PROFILE_POSTS = 5;

/**
 * The person's posts the reader may see (public ones, and connections-only ones for their
 * connections), newest first, as the feed shows them: they sit under the feed's cache key, so a like
 * or comment made here or in the feed shows in both. They follow changes live as the feed's do, and
 * on the reader's own page their posts have the author's actions (edit, delete).
 */
function PersonPosts({
  authorId,
  relationship,
}: {
  authorId: string;
  relationship: PersonProfile['relationship']['status'];
}) {
  const filters = useMemo(() => ({ limit: PROFILE_POSTS, author: authorId }), [authorId]);
  const feed = useFeed(filters);
  const queryClient = useQueryClient();
  // Connected or no longer: the connections-only posts show or go, so the list is read again.
  const shownFor = useRef(relationship);
  useEffect(() => {
    if (shownFor.current === relationship) return;
    shownFor.current = relationship;
    void queryClient.invalidateQueries({ queryKey: [...feedListsKey, filters] });
  }, [relationship, queryClient, filters]);
  const posts = useMemo(() => postsOf(feed.data), [feed.data]);
  const postIds = useMemo(() => posts.map((post) => post._id), [posts]);
  const auth = useAuth();
  const viewerId = auth.status === 'signed-in' ? auth.user._id : null;
  useLivePosts(postIds, viewerId ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow();
  return (
    <section className="result-section" aria-labelledby="person-posts">
      <h2 className="section-title" id="person-posts" ref={heading} tabIndex={-1}>
        {personMessages.posts}
      </h2>
      {feed.isPending ? <LoadingState /> : null}
      {feed.isError ? (
        <ErrorCard
          title={errorCardTitles.feed}
          message={errorMessageOf(feed.error, fallbackMessages.fetchFeed)}
          retrying={feed.isFetching}
          onRetry={() => void feed.refetch()}
        />
      ) : null}
      {feed.data && posts.length === 0 ? <p className="muted">{personMessages.noPosts}</p> : null}
      <PostList posts={posts} now={now} viewerId={viewerId} heading={heading} />
      <LoadMoreButton list={feed} label={personMessages.morePosts} />
    </section>
  );
}

function RelationshipActions({
  person,
  actions,
}: {
  person: PersonProfile;
  actions: ReturnType<typeof useConnectionActions>;
}) {
  const { status, connectionId } = person.relationship;
  if (status === 'self') return <Link to="/profile">{personMessages.yourProfile}</Link>;
  if (status === 'connected') return <span className="badge">{personMessages.connected}</span>;
  if (status === 'none') {
    return (
      <ActionButton
        className="button"
        label={connectionScreenMessages.connect}
        busy={actions.isBusy(person._id)}
        onAct={(origin) => actions.connect(person._id, origin)}
      />
    );
  }
  const requestId = connectionId ?? '';
  if (status === 'sent') {
    return (
      <>
        <span className="badge">{personMessages.pending}</span>
        <ActionButton
          label={connectionMessages.withdrawRequest}
          busy={actions.isBusy(requestId)}
          onAct={(origin) => actions.withdraw(requestId, origin)}
        />
      </>
    );
  }
  return (
    <>
      <span>{personMessages.wantsToConnect}</span>
      <ActionButton
        className="button"
        label={connectionScreenMessages.accept}
        busy={actions.isBusy(requestId)}
        onAct={(origin) => actions.respond(requestId, 'accepted', origin)}
      />
      <ActionButton
        label={connectionScreenMessages.decline}
        busy={actions.isBusy(requestId)}
        onAct={(origin) => actions.respond(requestId, 'rejected', origin)}
      />
    </>
  );
}
