import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ChatMention } from '../../../../shared/contract';
import { splitMentions } from '../../../../shared/domain/chat-mentions';
import { leadDetailPath } from '../../shell/search/search-keyword';

export type MessageBodyProps = { body: string; mentions: readonly ChatMention[] };

/**
 * A stored message as text: React escapes every part, so markup in it shows as written and never runs.
 * `#LEAD123` links to the lead's detail when the server says the reader may open it (and names it in the
 * tooltip); otherwise it stays plain text.
 */
export function MessageBody({ body, mentions }: MessageBodyProps): ReactNode {
  const names = new Map(mentions.map((mention) => [mention.id, mention.name]));
  return (
    <div className="chat-message-body" data-testid="chat-message-body">
      {splitMentions(body).map((part, index) => {
        const name = part.kind === 'lead' ? names.get(part.leadId) : undefined;
        if (part.kind === 'text' || name === undefined) return <span key={index}>{part.text}</span>;
        return (
          <Link
            key={index}
            to={leadDetailPath(part.leadId)}
            title={name || undefined}
            className="chat-lead-link"
            data-testid="chat-lead-link"
          >
            {part.text}
            {name ? <span className="chat-lead-name"> ({name})</span> : null}
          </Link>
        );
      })}
    </div>
  );
}
