import { SCROLL_PAGING_MARGIN_PX } from '@tessera/shared';
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollPaging } from './useScrollPaging.ts';

/** jsdom lays nothing out: the observer is driven by hand, as the browser would on scrolling. */
let observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; live: boolean }> =
  [];
class ObserverByHand {
  entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, live: true };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.live = false;
  }
}
const scrollNear = (near: boolean) =>
  act(() => {
    for (const o of observers.filter((x) => x.live))
      o.callback([{ isIntersecting: near } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

function List({ pages, load }: { pages: number; load: () => void }) {
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(1);
  const end = useScrollPaging({
    hasMore: loaded < pages,
    loading,
    loadMore: () => {
      load();
      setLoading(true);
      setTimeout(() => {
        setLoaded((n) => n + 1);
        setLoading(false);
      }, 10);
    },
  });
  return (
    <div>
      <p data-testid="loaded">{loaded}</p>
      <div ref={end} />
    </div>
  );
}

afterEach(() => {
  cleanup();
  observers = [];
  vi.unstubAllGlobals();
});

describe('scroll paging', () => {
  it('watches the end of the list with an 800 px margin below the screen', () => {
    vi.stubGlobal('IntersectionObserver', ObserverByHand);
    render(<List pages={3} load={() => {}} />);
    expect(observers.at(-1)?.options?.rootMargin).toBe(`0px 0px ${SCROLL_PAGING_MARGIN_PX}px 0px`);
    expect(SCROLL_PAGING_MARGIN_PX).toBe(800);
  });

  it('loads the next page only when the end comes near, one at a time, until there is no more', async () => {
    vi.stubGlobal('IntersectionObserver', ObserverByHand);
    const load = vi.fn();
    const view = render(<List pages={3} load={load} />);
    expect(load).not.toHaveBeenCalled();
    scrollNear(false);
    expect(load).not.toHaveBeenCalled();
    scrollNear(true);
    scrollNear(true);
    expect(load, 'a second signal while the page loads asks for nothing more').toHaveBeenCalledTimes(1);
    // Still near the bottom once the page arrived (a short page): the next page is asked for, and then no more.
    await vi.waitFor(() => expect(view.getByTestId('loaded').textContent).toBe('3'));
    scrollNear(true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing more once the reader scrolled away', async () => {
    vi.stubGlobal('IntersectionObserver', ObserverByHand);
    const load = vi.fn();
    const view = render(<List pages={5} load={load} />);
    scrollNear(true);
    scrollNear(false);
    await vi.waitFor(() => expect(view.getByTestId('loaded').textContent).toBe('2'));
    await new Promise((r) => setTimeout(r, 50));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
