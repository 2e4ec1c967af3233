import { selectCurrentUser, useAppSelector } from '@outpost/api-client';
import { auditActivityText, paths } from '@outpost/contracts';
import { formatLastSeen } from '@outpost/format';
import { EmptyState, ErrorState, Spinner, StatCard } from '@outpost/ui';
import { Link } from '@outpost/router';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetDashboardActivityQuery, useGetDashboardSummaryQuery } from '../api/dashboard.api';

/** /dashboard */
export default function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  const { data: summary, error, isLoading, refetch } = useGetDashboardSummaryQuery();
  const name = user?.name?.trim() || user?.email || 'there';

  let content;
  if (isLoading) content = <Spinner label="Loading dashboard…" showLabel size="lg" />;
  else if (error || !summary)
    content = (
      <ErrorState
        title="Failed to load dashboard"
        message={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );
  else
    content = (
      <>
        <div className="net-stats">
          <StatCard label="Networks" value={summary.networks} />
          <StatCard label="Total Servers" value={summary.totalServers} />
          <StatCard label="Online Players" value={summary.onlinePlayers} />
          <StatCard label="Servers Online" value={summary.serversOnline} />
        </div>
        <div className="net-dashboard__columns">
          <RecentActivity />
          <QuickActions />
        </div>
      </>
    );

  return (
    <section className="net-page" aria-labelledby="dashboard-title">
      <header className="net-page__header">
        <div>
          <h1 id="dashboard-title">Welcome back, {name}</h1>
          <p className="net-muted">Here is what is happening across your networks.</p>
        </div>
      </header>
      {content}
    </section>
  );
}

/** The newest audit entries of the user's networks (members see moderation outcomes only). */
const RecentActivity = () => {
  const { data, error, isLoading, refetch } = useGetDashboardActivityQuery();
  let body;
  if (isLoading) body = <Spinner label="Loading activity…" showLabel />;
  else if (error || !data)
    body = (
      <ErrorState
        title="Failed to load recent activity"
        message={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );
  else if (data.entries.length === 0)
    body = (
      <EmptyState
        title="No recent activity"
        message="Changes to your networks (servers added, members joining, moderation) show up here."
      />
    );
  else
    body = (
      <ul className="net-activity">
        {data.entries.map((entry) => (
          <li key={entry.id}>
            {entry.networkId ? (
              <Link to={paths.network(entry.networkId)}>{auditActivityText(entry)}</Link>
            ) : (
              <span>{auditActivityText(entry)}</span>
            )}
            <time className="net-muted" dateTime={entry.createdAt}>
              {formatLastSeen(entry.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="op-card net-panel" aria-labelledby="recent-activity">
      <h2 id="recent-activity">Recent Activity</h2>
      {body}
    </section>
  );
};

const QuickActions = () => (
  <section className="op-card net-panel" aria-labelledby="quick-actions">
    <h2 id="quick-actions">Quick Actions</h2>
    <div className="net-quick-actions">
      <Link className="op-btn op-btn--primary op-btn--md op-btn--block" to={paths.networks()}>
        Manage Networks
      </Link>
      <Link className="op-btn op-btn--secondary op-btn--md op-btn--block" to={paths.profile()}>
        Account Settings
      </Link>
    </div>
  </section>
);
