import { paths } from '@outpost/contracts';
import { Avatar, Badge, Card, CardBody, CardHeader, ErrorState, Spinner } from '@outpost/ui';
import { Link } from '@outpost/router';
import {
  selectAuthStatus,
  useAppSelector,
  useGetProfileQuery,
  type ApiClientError,
} from '../api/profile.api';
import { ProfileForm } from './profile-form';
import { SessionsCard } from './sessions-card';

export const DEMO_READ_ONLY_NOTE =
  'The demo is read-only: sign in with your own account to change a profile.';

/** /profile: the signed-in user's details, plan and sessions. */
export default function ProfilePage() {
  const isDemo = useAppSelector(selectAuthStatus) === 'demo';
  const { data: profile, isLoading, error, refetch } = useGetProfileQuery();

  if (isLoading)
    return (
      <section className="op-page">
        <Spinner label="Loading your profile…" showLabel />
      </section>
    );
  if (error || !profile)
    return (
      <section className="op-page">
        <h1>Profile Settings</h1>
        <ErrorState
          title="Failed to load your profile"
          message={(error as ApiClientError | undefined)?.message}
          onRetry={() => void refetch()}
        />
      </section>
    );

  const planName = isDemo
    ? 'Demo'
    : profile.isUpgraded
      ? profile.plan.charAt(0).toUpperCase() + profile.plan.slice(1)
      : 'Free';
  return (
    <section className="op-page acc-profile">
      <header className="acc-profile__header">
        <Avatar name={profile.name} email={profile.email} src={profile.avatar} size="lg" />
        <div>
          <h1>Profile Settings</h1>
          <p className="acc-profile__who">{profile.username ? `@${profile.username}` : profile.email}</p>
        </div>
      </header>
      {isDemo && (
        <p className="acc-note" role="note">
          {DEMO_READ_ONLY_NOTE}
        </p>
      )}
      <div className="acc-profile__grid">
        <Card>
          <CardHeader level={2} title="Account" />
          <CardBody>
            <ProfileForm
              key={`${profile.$id}:${profile.name}:${profile.username}:${profile.avatar}`}
              profile={profile}
              readOnly={isDemo}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader level={2} title="Plan" />
          <CardBody className="acc-plan-summary">
            <p>
              Current plan: <Badge tone={profile.isUpgraded ? 'accent' : 'neutral'}>{planName}</Badge>
            </p>
            {!isDemo && !profile.isUpgraded && (
              <Link className="op-btn op-btn--primary op-btn--md" to={paths.plan()}>
                Upgrade to Premium
              </Link>
            )}
            {!isDemo && profile.isUpgraded && (
              <Link className="op-link" to={paths.plan()}>
                Compare plans
              </Link>
            )}
          </CardBody>
        </Card>
        <SessionsCard readOnly={isDemo} />
      </div>
    </section>
  );
}
