import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the print layout is mounted. It exists only while printing (the Print button,
 * the browser's own print command, or print media emulation), so the screen's text is not
 * doubled in the page for assistive technology and text queries.
 */
export const usePrintMode = () => {
  const [isPrinting, setIsPrinting] = useState(() => window.matchMedia?.('print').matches ?? false);

  useEffect(() => {
    const query = window.matchMedia?.('print');
    const handleBefore = () => flushSync(() => setIsPrinting(true));
    const handleAfter = () => setIsPrinting(query?.matches ?? false);
    const handleChange = (event: MediaQueryListEvent) => {
      if (event.matches) flushSync(() => setIsPrinting(true));
      else setIsPrinting(false);
    };
    window.addEventListener('beforeprint', handleBefore);
    window.addEventListener('afterprint', handleAfter);
    query?.addEventListener('change', handleChange);
    return () => {
      window.removeEventListener('beforeprint', handleBefore);
      window.removeEventListener('afterprint', handleAfter);
      query?.removeEventListener('change', handleChange);
    };
  }, []);

  const print = useCallback(() => {
    flushSync(() => setIsPrinting(true));
    window.print();
  }, []);

  return { isPrinting, print };
};
