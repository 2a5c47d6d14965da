import { type RefCallback, useCallback, useLayoutEffect, useRef } from 'react';

/** Focuses `element`, making it focusable from script first if it is not (a card, a list item). */
export function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
  element.focus();
}

function itemOf(container: HTMLElement | null, attribute: string, id: string): HTMLElement | undefined {
  if (!container) return undefined;
  for (const element of container.querySelectorAll<HTMLElement>(`[${attribute}]`)) {
    if (element.getAttribute(attribute) === id) return element;
  }
  return undefined;
}

/**
 * A list whose items can go away under the reader's focus (one they deleted, or one deleted elsewhere
 * and removed live): the focus would fall to the top of the page. Each item carries its id in
 * `attribute`; when the item that held the focus goes and the focus fell to the page, it moves to the
 * next item still shown, else the one before, else `fallback(container)` (the list's heading, say). A
 * reader who had moved on keeps their place. The answer is the ref of the element holding the items.
 */
export function useFocusAfterRemoval(
  ids: readonly string[],
  attribute: string,
  fallback: (container: HTMLElement | null) => HTMLElement | null | undefined,
): RefCallback<HTMLElement> {
  const container = useRef<HTMLElement | null>(null);
  const focused = useRef<string | null>(null);
  const shown = useRef<readonly string[]>(ids);

  // After every commit (a list of a few dozen ids): the item that held the focus may just have gone.
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = ids;
    const lost = focused.current;
    if (lost === null || ids.includes(lost)) return;
    focused.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const at = before.indexOf(lost);
    const kept = (id: string) => ids.includes(id);
    const next = before.slice(at + 1).find(kept) ?? before.slice(0, Math.max(at, 0)).reverse().find(kept);
    const target =
      (next === undefined ? undefined : itemOf(container.current, attribute, next)) ??
      fallback(container.current);
    if (target) focusElement(target);
  });

  return useCallback(
    (element: HTMLElement | null) => {
      container.current = element;
      if (!element) return;
      const onFocusIn = (event: FocusEvent) => {
        const item = (event.target as Element).closest(`[${attribute}]`);
        focused.current = item && element.contains(item) ? item.getAttribute(attribute) : null;
      };
      // The focus left the list for somewhere else on the page (not for nowhere: a removed item).
      const onFocusOut = (event: FocusEvent) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !element.contains(next)) focused.current = null;
      };
      element.addEventListener('focusin', onFocusIn);
      element.addEventListener('focusout', onFocusOut);
      return () => {
        element.removeEventListener('focusin', onFocusIn);
        element.removeEventListener('focusout', onFocusOut);
        container.current = null;
      };
    },
    [attribute],
  );
}
