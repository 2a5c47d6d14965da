import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Below this width the sidebar is a menu behind a button (styles.css uses the same width). */
export const NARROW_SCREEN = '(max-width: 800px)';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/** How focus leaves the menu: back to its button, or left where the next screen put it. */
type FocusOnClose = 'button' | 'if-lost';

export interface NavMenu {
  open: boolean;
  buttonRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
  show(): void;
  /** Escape, the close button and the backdrop: focus goes back to the menu button. */
  close(): void;
  /** A link in the menu was followed: the new screen may move focus itself (see below). */
  closeAfterNavigation(): void;
}

/**
 * The sidebar as a modal menu on narrow screens. While it is open the rest of the page is inert (the
 * layout sets that), Tab and Shift+Tab cycle inside it, and Escape closes it. It also closes when the
 * location changes (a link, Back) and when the screen widens past NARROW_SCREEN.
 *
 * Focus on close: after Escape or the close button it returns to the menu button. After a link it
 * returns there only if nothing took it: the link that had it is hidden by then, but the new screen may
 * already have focused its own heading, and that wins. A link closes the menu in its click handler, so
 * the close and the new screen render in one commit and the page is no longer inert when the screen's
 * effects run.
 */
export function useNavMenu(): NavMenu {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnClose = useRef<FocusOnClose | null>(null);
  const { pathname } = useLocation();

  // Read only by the effect that runs when `open` turns false, so a call while closed changes nothing.
  const closeWith = useCallback((focus: FocusOnClose | null) => {
    focusOnClose.current = focus;
    setOpen(false);
  }, []);

  // Move focus in when the menu opens; when it closes, hand focus on as closeWith asked. Only a real
  // close counts: StrictMode runs this effect twice on mount, and a page that just loaded keeps its focus.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const focus = focusOnClose.current;
    // The link that was followed is hidden now, but a browser may still report it as focused for a while.
    const active = document.activeElement;
    const lost =
      active === null ||
      active === document.body ||
      !active.isConnected ||
      !!panelRef.current?.contains(active);
    if (focus === 'button' || (focus === 'if-lost' && lost)) buttonRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeWith('button');
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const [first, last] = [items[0], items.at(-1)];
      if (!first || !last) return;
      const active = document.activeElement;
      const inside = active instanceof Node && panelRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, closeWith]);

  // Any change of screen closes the menu (a link closes it earlier; this covers Back and Forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    closeWith('if-lost');
  }, [pathname, closeWith]);

  // On a wide screen the sidebar is always in view: a menu left open there would keep the page inert.
  useEffect(() => {
    const narrow = window.matchMedia(NARROW_SCREEN);
    const onChange = () => {
      if (!narrow.matches) closeWith(null);
    };
    narrow.addEventListener('change', onChange);
    return () => narrow.removeEventListener('change', onChange);
  }, [closeWith]);

  return {
    open,
    buttonRef,
    panelRef,
    show: useCallback(() => setOpen(true), []),
    close: useCallback(() => closeWith('button'), [closeWith]),
    closeAfterNavigation: useCallback(() => closeWith('if-lost'), [closeWith]),
  };
}
