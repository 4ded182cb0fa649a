import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { splitMessageText } from '../lib/links';

/** Message text as React text nodes (never HTML): safe links and bold @mentions. */
export function MessageText({ content }: { content: string }) {
  return (
    <>
      {splitMessageText(content).map((segment, index) => {
        if (segment.kind === 'link') {
          return (
            <Link key={index} href={segment.href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all', color: 'inherit' }}>
              {segment.text}
            </Link>
          );
        }
        if (segment.kind === 'mention') return <strong key={index}>@{segment.name}</strong>;
        return <Fragment key={index}>{segment.text}</Fragment>;
      })}
    </>
  );
}
