import { DEMO_READ_ONLY_MESSAGE } from '@outpost/contracts';
import { formatDate, formatLastSeen } from '@outpost/format';
import { Badge, Button, Card, CardBody, CardHeader, EmptyState, ErrorState, Spinner } from '@outpost/ui';
import {
  useEndMySessionMutation,
  useGetMySessionsQuery,
  type AccountSession,
  type ApiClientError,
} from '../api/profile.api';

const PROVIDER_LABELS: Record<string, string> = {
  'magic-url': 'E-mail link',
  demo: 'Demo',
  discord: 'Discord',
  google: 'Google',
  github: 'GitHub',
};

/** A short name for the browser, from its user agent; the full string stays in the title. */
export const describeBrowser = (userAgent: string | null): string => {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
};

type SessionRowProps = { session: AccountSession; readOnly: boolean };

const SessionRow = ({ session, readOnly }: SessionRowProps) => {
  const [endSession, { isLoading, error }] = useEndMySessionMutation();
  const browser = describeBrowser(session.userAgent);
  return (
    <li className="acc-session">
      <div className="acc-session__who">
        <strong title={session.userAgent ?? undefined}>{browser}</strong>
        {session.current && <Badge tone="success">This browser</Badge>}
        <span className="acc-session__meta">
          {PROVIDER_LABELS[session.provider] ?? session.provider} · signed in {formatDate(session.createdAt)}
          {session.lastUsedAt && ` · active ${formatLastSeen(session.lastUsedAt).toLowerCase()}`}
          {session.ip && ` · ${session.ip}`}
        </span>
        {error && (
          <span className="op-form-error" role="alert">
            {(error as ApiClientError).message}
          </span>
        )}
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          busy={isLoading}
          busyLabel="Ending…"
          disabled={readOnly}
          title={readOnly ? DEMO_READ_ONLY_MESSAGE : undefined}
          aria-label={`End session: ${browser}, signed in ${formatDate(session.createdAt)}`}
          onClick={() => void endSession(session.id)}
        >
          End session
        </Button>
      )}
    </li>
  );
};

export type SessionsCardProps = { readOnly: boolean };

/** Every browser signed in to this account; any but this one can be signed out from here. */
export const SessionsCard = ({ readOnly }: SessionsCardProps) => {
  const { data: sessions, isLoading, error, refetch } = useGetMySessionsQuery();
  return (
    <Card>
      <CardHeader level={2} title="Sessions" />
      <CardBody>
        {isLoading && <Spinner label="Loading sessions…" showLabel />}
        {error && (
          <ErrorState
            title="Failed to load sessions"
            message={(error as ApiClientError).message}
            onRetry={() => void refetch()}
          />
        )}
        {sessions && sessions.length === 0 && <EmptyState title="No active sessions" />}
        {sessions && sessions.length > 0 && (
          <ul className="acc-sessions" aria-label="Active sessions">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} readOnly={readOnly} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
};
