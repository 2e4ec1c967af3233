import { useClientConfig } from '@outpost/api-client';
import { communityWidgetUrl } from '@outpost/contracts';
import { useCommunityWidget } from '../hooks/use-community-widget';

/**
 * The community chat: the embedded widget when one is configured and its service answers, else
 * (unset, unreachable, turned off, or still being asked) a plain card with the invite.
 */
export const CommunitySection = () => {
  const { community } = useClientConfig();
  const widget = useCommunityWidget(community.widgetServerId);
  return (
    <section id="community" className="op-section op-community" aria-labelledby="community-title">
      <div>
        <h2 id="community-title">Join the community</h2>
        <p>
          Talk to other server owners, get help connecting your servers and hear about new releases first.
        </p>
      </div>
      {community.widgetServerId && widget === 'ready' ? (
        <iframe
          className="op-community__widget"
          title="Community chat"
          src={communityWidgetUrl(community.widgetServerId)}
          loading="lazy"
          sandbox="allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts"
        />
      ) : (
        <div className="op-card op-community__card" data-testid="community-fallback">
          <h3>Community chat</h3>
          <p>Our chat server is where admins swap configs and tips.</p>
          <a
            className="op-btn op-btn--primary op-btn--md"
            href={community.inviteUrl}
            target="_blank"
            rel="noreferrer"
          >
            Join the chat
          </a>
        </div>
      )}
    </section>
  );
};
