import type { PlayerProfile } from '@outpost/contracts';
import { formatLastSeen, formatTimestamp } from '@outpost/format';
import { Badge, EmptyState } from '@outpost/ui';

export type ChatTabProps = { profile: PlayerProfile };

export const ChatTab = ({ profile: { chat } }: ChatTabProps) =>
  chat.length === 0 ? (
    <EmptyState title="No chat messages" message="Messages appear as the player chats on your servers." />
  ) : (
    <ol className="pl-list pl-chat" aria-label="Chat messages">
      {chat.map((line) => (
        <li key={line.id}>
          <span className="pl-muted">
            <time dateTime={line.sentAt} title={formatTimestamp(line.sentAt)}>
              {formatLastSeen(line.sentAt)}
            </time>{' '}
            · {line.serverName}
          </span>
          <Badge tone={line.channel === 'team' ? 'info' : 'neutral'}>
            {line.channel === 'team' ? 'Team' : 'Global'}
          </Badge>
          <span className="pl-chat__message">{line.message}</span>
        </li>
      ))}
    </ol>
  );
