import { unsavedChangesMessages } from '@careers/contracts/messages';
import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router-dom';

/**
 * The history state of a navigation that must not ask, such as signing out: the signed-out app cannot
 * keep the form, and the person asked to leave.
 */
export const leaveWithoutAsking = { leaveWithoutAsking: true } as const;

function mayLeaveWithoutAsking(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'leaveWithoutAsking' in state;
}

/**
 * Warns before a half-filled form is lost while `dirty` holds: the browser's own prompt on reload or
 * closing the tab (beforeunload), and "You have unsaved changes. Leave this page?" before the app goes
 * to another screen. A search or hash change on the same screen keeps the form, so it goes through.
 *
 * A navigation whose state is `leaveWithoutAsking` goes through: Logout navigates to /login at once,
 * and whether the signed-out app has already taken the form away by then is a matter of ticks.
 *
 * `release()` lets navigation through without asking from then on: a form that has just been saved
 * navigates away in the same tick, before `dirty` can turn false.
 */
export function useUnsavedChanges(dirty: boolean): { release(): void } {
  const blocking = useRef(dirty);
  const released = useRef(false);
  blocking.current = dirty;

  useEffect(() => {
    if (!dirty) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Read through a ref: the router keeps the function it was given until this one changes.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      blocking.current &&
      !released.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !mayLeaveWithoutAsking(nextLocation.state),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(unsavedChangesMessages.leavePage)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  return {
    release: useCallback(() => {
      released.current = true;
    }, []),
  };
}
