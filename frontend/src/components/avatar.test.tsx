import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

const picture = (id: string) => ({
  url: `/api/files/pictures/${id}/large`,
  avatarUrl: `/api/files/pictures/${id}/avatar`,
});

describe('avatar', () => {
  it("shows the small picture named by the person's name, and the initials when there is none", () => {
    const { container, rerender } = render(
      <Avatar picture={picture('p1')} name="Grace Hopper" initials="GH" />,
    );
    expect(screen.getByRole('img', { name: 'Grace Hopper' }).getAttribute('src')).toBe(
      '/api/files/pictures/p1/avatar',
    );
    expect(container.textContent).toBe('');

    rerender(<Avatar picture={null} name="Grace Hopper" initials="GH" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.textContent).toBe('GH');
    expect(container.querySelector('.avatar')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the large picture at the large size', () => {
    render(<Avatar picture={picture('p2')} name="Grace Hopper" initials="GH" size="large" />);
    expect(screen.getByRole('img', { name: 'Grace Hopper' }).getAttribute('src')).toBe(
      '/api/files/pictures/p2/large',
    );
  });

  it('falls back to the initials when the picture fails to load, and tries a new picture again', () => {
    const { container, rerender } = render(<Avatar picture={picture('gone')} name="Grace" initials="G" />);

    fireEvent.error(screen.getByRole('img', { name: 'Grace' }));

    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('.avatar')?.textContent).toBe('G');
    expect(container.querySelector('.avatar')?.getAttribute('aria-hidden')).toBe('true');

    rerender(<Avatar picture={picture('new')} name="Grace" initials="G" />);
    expect(screen.getByRole('img', { name: 'Grace' }).getAttribute('src')).toBe(
      '/api/files/pictures/new/avatar',
    );
  });

  it('reads initials from the first letters of both names, upper-cased, blank names left out', () => {
    expect(initialsOf({ firstName: 'grace', lastName: 'Hopper' })).toBe('GH');
    expect(initialsOf({ firstName: ' Ada ', lastName: '' })).toBe('A');
    expect(initialsOf({ firstName: 'Émile', lastName: 'Zola' })).toBe('ÉZ');
  });
});
