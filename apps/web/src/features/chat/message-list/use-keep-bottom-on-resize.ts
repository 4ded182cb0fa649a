import { useEffect } from 'react';

/**
 * Keeps a scroller showing its end when its own height changes (the composer below grows with
 * the reply bar or attachment chips, or shrinks again), provided the person was at the end
 * before. Virtuoso follows new items but not a shorter viewport, and shortening the viewport
 * keeps scrollTop, so without this the last message slides under the composer.
 *
 * Whether the person was at the end is taken from the last scroll, not measured after the
 * resize: by then the shorter viewport already reads as "not at the end".
 */
export function useKeepBottomOnResize(scroller: HTMLElement | null, threshold: number) {
  useEffect(() => {
    if (!scroller) return;
    const distanceFromEnd = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    let wasAtEnd = distanceFromEnd() <= threshold;
    let height = scroller.clientHeight;

    const handleScroll = () => {
      wasAtEnd = distanceFromEnd() <= threshold;
    };
    const observer = new ResizeObserver(() => {
      if (scroller.clientHeight === height) return;
      height = scroller.clientHeight;
      if (wasAtEnd) scroller.scrollTop = scroller.scrollHeight;
    });
    scroller.addEventListener('scroll', handleScroll, { passive: true });
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', handleScroll);
      observer.disconnect();
    };
  }, [scroller, threshold]);
}
