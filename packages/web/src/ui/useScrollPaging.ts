import { SCROLL_PAGING_MARGIN_PX } from '@tessera/shared';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Loads a list's next page as the reader scrolls: returns a ref for an element at the list's end, and calls
 * `loadMore` whenever that end comes within SCROLL_PAGING_MARGIN_PX of the bottom of the screen while there is
 * more and nothing is loading. The list keeps its "Load more" button for keyboards and screen readers.
 */
export function useScrollPaging({
  hasMore,
  loading,
  loadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
}): (element: HTMLElement | null) => void {
  const latest = useRef({ hasMore, loading, loadMore });
  latest.current = { hasMore, loading, loadMore };
  const observer = useRef<IntersectionObserver | null>(null);
  const near = useRef(false);
  const maybeLoad = useCallback(() => {
    const { hasMore: more, loading: busy, loadMore: load } = latest.current;
    if (near.current && more && !busy) load();
  }, []);
  // A page that arrived while the end is still near the bottom (a short page) asks for the next one.
  useEffect(() => {
    if (!loading) maybeLoad();
  }, [loading, maybeLoad]);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          near.current = entries.some((entry) => entry.isIntersecting);
          maybeLoad();
        },
        { rootMargin: `0px 0px ${SCROLL_PAGING_MARGIN_PX}px 0px` },
      );
      observer.current.observe(element);
    },
    [maybeLoad],
  );
}
