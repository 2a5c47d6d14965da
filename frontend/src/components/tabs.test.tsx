import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type TabItem, Tabs } from './tabs';

type Id = 'one' | 'two' | 'three';
const tabs: TabItem<Id>[] = [
  { id: 'one', label: 'One', count: 4 },
  { id: 'two', label: 'Two', count: undefined },
  { id: 'three', label: 'Three' },
];
const classNames = { list: 'list', tab: 'tab', panel: 'panel' };

function Harness({ orientation, withPanelRef }: { orientation?: 'vertical'; withPanelRef?: boolean }) {
  const [selected, setSelected] = useState<Id>('one');
  return (
    <Tabs<Id>
      label="Parts"
      tabs={tabs}
      selected={selected}
      onSelect={setSelected}
      orientation={orientation}
      classNames={classNames}
      panelRef={withPanelRef ? createRef<HTMLDivElement>() : undefined}
    >
      {`Panel ${selected}`}
    </Tabs>
  );
}

const selectedName = () => screen.getByRole('tab', { selected: true }).textContent;

describe('tabs', () => {
  it('names each tab with its count when known, and labels the panel by the selected tab', () => {
    render(<Harness />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['One 4', 'Two', 'Three']);
    expect(screen.getByRole('tabpanel', { name: 'One 4' }).textContent).toBe('Panel one');
    expect(screen.getByRole('tablist', { name: 'Parts' }).getAttribute('aria-orientation')).toBeNull();
    expect(screen.getByRole('tabpanel').hasAttribute('tabindex')).toBe(false);
  });

  it('moves with Left and Right only when horizontal, wrapping, and with Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(selectedName()).toBe('One 4');
    await user.keyboard('{ArrowLeft}');
    expect([selectedName(), document.activeElement?.textContent]).toEqual(['Three', 'Three']);
    await user.keyboard('{ArrowRight}');
    expect(selectedName()).toBe('One 4');
    await user.keyboard('{End}');
    expect(selectedName()).toBe('Three');
    await user.keyboard('{Home}');
    expect(selectedName()).toBe('One 4');
  });

  it('also moves with Up and Down when vertical, and says so', async () => {
    const user = userEvent.setup();
    render(<Harness orientation="vertical" />);
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(selectedName()).toBe('Two');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selectedName()).toBe('Three');
  });

  it('lets the screen focus the panel when it holds a ref to it', () => {
    render(<Harness withPanelRef />);
    expect(screen.getByRole('tabpanel').getAttribute('tabindex')).toBe('-1');
  });
});
