import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../testing/fake-socket';
import { ConnectivityBanner, RECONNECTING_NOTICE_MS } from './connectivity-banner';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the connectivity banner', () => {
  it('says nothing while online and connected, and says so while the browser is offline', () => {
    render(<ConnectivityBanner />);
    const status = document.querySelector('.connectivity-status') as HTMLElement;
    expect(status.textContent).toBe('');

    goOffline(true);
    expect(status.textContent).toBe("You're offline. Changes will not be sent until you're back online.");
    goOffline(false);
    expect(status.textContent).toBe('');
  });

  it('says live updates are paused once the live connection has been down a while, not for a blip', () => {
    vi.useFakeTimers();
    render(<ConnectivityBanner />);
    const status = document.querySelector('.connectivity-status') as HTMLElement;
    act(() => {
      fakeSocket.connect();
      fakeSocket.disconnect();
    });
    act(() => {
      vi.advanceTimersByTime(RECONNECTING_NOTICE_MS - 100);
    });
    expect(status.textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(status.textContent).toBe('Live updates are paused. Reconnecting...');
    act(() => {
      fakeSocket.connect();
    });
    expect(status.textContent).toBe('');
  });
});
