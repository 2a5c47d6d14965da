import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { MoreIcon } from './icons';

export interface MenuAction {
  label: string;
  onSelect(): void;
  /** Drawn in the danger colour (Delete). */
  danger?: boolean;
}

interface ActionsMenuProps {
  /** The button's accessible name, and the menu's ("Post actions"). */
  label: string;
  actions: readonly MenuAction[];
  /** The menu button, for the screen to put the focus back on it after an action. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  className?: string;
}

/**
 * A menu button (WAI-ARIA menu button pattern): a "⋯" button named by `label` opens a menu of its
 * actions. Enter, Space or a click opens it with the focus on the first action, Down on the first and
 * Up on the last; in the menu Up and Down move round it, Home and End go to the ends, Enter or Space
 * picks. Escape closes it with the focus back on the button; Tab, or a click elsewhere, closes it and
 * leaves the focus where it went. Picking an action closes the menu and puts the focus back on the
 * button first, so an action that moves the focus (an editor opening) or asks something
 * (window.confirm) starts from there, with the menu gone.
 */
export function ActionsMenu({ label, actions, buttonRef, className }: ActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const firstFocus = useRef<'first' | 'last'>('first');
  const ownButton = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButton;
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();
  const buttonId = useId();

  useLayoutEffect(() => {
    if (!open) return;
    const list = items.current.filter((item) => item !== null);
    (firstFocus.current === 'last' ? list.at(-1) : list[0])?.focus();
  }, [open]);

  // A click elsewhere, or Tab out of the menu, closes it; the focus stays where it went.
  useEffect(() => {
    const element = root.current;
    if (!open || !element) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) setOpen(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !element.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  function show(focus: 'first' | 'last') {
    firstFocus.current = focus;
    setOpen(true);
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    show(event.key === 'ArrowUp' ? 'last' : 'first');
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      // An editor or panel around the menu has its own Escape: this one only closes the menu.
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const list = items.current.filter((item) => item !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const targets: Record<string, number> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    const target = list[targets[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    target.focus();
  }

  function pick(action: MenuAction) {
    // The menu is gone and the focus back on its button before the action runs.
    flushSync(() => setOpen(false));
    button.current?.focus();
    action.onSelect();
  }

  if (actions.length === 0) return null;
  return (
    <div className={className ? `actions-menu ${className}` : 'actions-menu'} ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="icon-button actions-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : show('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <MoreIcon />
      </button>
      {open ? (
        <div
          id={menuId}
          className="actions-menu-list"
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
        >
          {actions.map((action, index) => (
            <button
              key={action.label}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={action.danger ? 'actions-menu-item actions-menu-danger' : 'actions-menu-item'}
              onClick={() => pick(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
