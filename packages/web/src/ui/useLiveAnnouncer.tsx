import { VisuallyHidden } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';

/**
 * A polite live region (WCAG 4.1.3 status messages, docs/accessibility.md): `announce(text)` has screen readers
 * read `text` without moving focus. Render `region` once where the announcing control lives. The same sentence
 * twice in a row (a card already at the edge) is still read: every other one carries an invisible space.
 */
export function useLiveAnnouncer(): { announce: (text: string) => void; region: ReactNode } {
  const [message, setMessage] = useState({ text: '', odd: false });
  const announce = useCallback((text: string) => setMessage((last) => ({ text, odd: !last.odd })), []);
  const region = (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {message.odd || !message.text ? message.text : `${message.text}\u00a0`}
    </VisuallyHidden>
  );
  return { announce, region };
}
