import { describe, expect, it } from 'vitest';
import { activeNavLink, mainLinks, quickActions } from './nav-links';

describe('activeNavLink: exactly one sidebar link per screen', () => {
  const cases: Array<[pathname: string, label: string]> = [
    ['/dashboard', 'Dashboard'],
    ['/jobs', 'Jobs'],
    ['/jobs/', 'Jobs'],
    ['/jobs/65f1c0ffee', 'Jobs'],
    ['/jobs/saved', 'Jobs'],
    ['/jobs/post', 'Post a Job'],
    ['/jobs/applications', 'My Applications'],
    ['/applications', 'My Applications'],
    ['/feed', 'Feed'],
    ['/messages', 'Messages'],
    ['/messages/0b9f1c52-6a55-4a8e-9d43-2f0a4c1e7a10', 'Messages'],
    ['/profile', 'Profile'],
    ['/connections', 'Connections'],
    ['/settings', 'Settings'],
  ];

  for (const [pathname, label] of cases) {
    it(`${pathname} lights ${label} and nothing else`, () => {
      expect(activeNavLink(pathname)?.label).toBe(label);
    });
  }

  it('lights nothing where no screen of the sidebar is (the index and unknown paths redirect)', () => {
    for (const pathname of [
      '/',
      '/login',
      '/jobs/my/posted',
      '/jobs/65f1c0ffee/edit',
      '/no-such-screen',
      '/settings/extra',
    ]) {
      expect(activeNavLink(pathname)).toBeUndefined();
    }
  });

  it('never gives one screen to two links', () => {
    const paths = [...mainLinks, ...quickActions].flatMap((link) => link.paths);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
