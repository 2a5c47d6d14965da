import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ActionsMenu } from './actions-menu';

function renderMenu() {
  /** Each action run, with whether the menu was still there and where the focus was as it ran. */
  const picked: Array<{ label: string; menuOpen: boolean; focused: Element | null }> = [];
  const actions = ['Edit', 'Share', 'Delete'].map((label) => ({
    label,
    onSelect: () => {
      picked.push({
        label,
        menuOpen: document.querySelector('[role="menu"]') !== null,
        focused: document.activeElement,
      });
    },
  }));
  render(
    <>
      <ActionsMenu label="Post actions" actions={actions} />
      <button type="button">Elsewhere</button>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Post actions' });
  const items = () => screen.getAllByRole('menuitem');
  return { button, items, picked, user: userEvent.setup() };
}

describe('actions menu', () => {
  it('is a menu button: collapsed, then expanded and controlling the menu it opens', async () => {
    const { button, user } = renderMenu();
    expect([button.getAttribute('aria-haspopup'), button.getAttribute('aria-expanded')]).toEqual([
      'menu',
      'false',
    ]);
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);

    const menu = screen.getByRole('menu', { name: 'Post actions' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    // One tab stop: the focus moves among the items by script, not by Tab.
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('tabindex'))).toEqual([
      '-1',
      '-1',
      '-1',
    ]);

    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on the first item (Enter, Down) or the last (Up), and moves with arrows, Home and End', async () => {
    const { button, items, user } = renderMenu();
    button.focus();

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(items()[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items()[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items()[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items()[2]);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(button);

    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items()[2]);
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items()[0]);
  });

  it('runs the chosen action once the menu is closed and the focus is back on its button', async () => {
    const { button, picked, user } = renderMenu();
    await user.click(button);
    await user.keyboard('{ArrowDown}{Enter}');

    expect(picked).toEqual([{ label: 'Share', menuOpen: false, focused: button }]);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(picked.map((pick) => pick.label)).toEqual(['Share', 'Delete']);
  });

  it('closes on Tab or a click elsewhere, leaving the focus where it went', async () => {
    const { button, user } = renderMenu();
    await user.click(button);

    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
  });

  it('draws nothing when there is no action', () => {
    render(<ActionsMenu label="Comment actions" actions={[]} />);
    expect(screen.queryByRole('button', { name: 'Comment actions' })).toBeNull();
  });
});
