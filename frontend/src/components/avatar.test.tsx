import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

const picture = (url: string) => ({ url });

describe('avatar', () => {
  it('shows the picture when there is one, and the initials otherwise', () => {
    const { container, rerender } = render(<Avatar picture={picture('/a.png')} initials="GH" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    expect(container.textContent).toBe('');

    rerender(<Avatar picture={null} initials="GH" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('GH');
  });

  it('falls back to the initials when the picture fails to load, and tries a new picture again', () => {
    const { container, rerender } = render(<Avatar picture={picture('/gone.png')} initials="G" />);
    const broken = container.querySelector('img');
    expect(broken).not.toBeNull();

    fireEvent.error(broken as HTMLImageElement);

    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.avatar')?.textContent).toBe('G');
    expect(container.querySelector('.avatar')?.getAttribute('aria-hidden')).toBe('true');

    rerender(<Avatar picture={picture('/new.png')} initials="G" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/new.png');
  });
});
