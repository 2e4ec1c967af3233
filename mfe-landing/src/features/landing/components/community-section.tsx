import { useClientConfig } from '@outpost/api-client';
import { communityWidgetUrl } from '@outpost/contracts';
import { useCommunityWidget } from '../hooks/use-community-widget';

/**
 * This panel's community chat, when its operator set one (COMMUNITY_INVITE_URL, and the widget's
 * COMMUNITY_WIDGET_SERVER_ID): the embedded widget when its service answers, else (unset,
 * unreachable, turned off, or still being asked) a plain card with the invite. A panel that names
 * no chat offers none: the section is not there.
 */
export const CommunitySection = () => {
  const { community } = useClientConfig();
  const widget = useCommunityWidget(community.widgetServerId);
  if (!community.inviteUrl && !community.widgetServerId) return null;
  return (
    <section id="community" className="op-section op-community" aria-labelledby="community-title">
      <div>
        <h2 id="community-title">Join the community</h2>
        <p>
          Talk to the people who run this panel and the server owners on it, and get help connecting your
          servers.
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
          {community.inviteUrl ? (
            <>
              <p>This panel&apos;s chat server is where its admins swap configs and tips.</p>
              <a
                className="op-btn op-btn--primary op-btn--md"
                href={community.inviteUrl}
                target="_blank"
                rel="noreferrer"
              >
                Join the chat
              </a>
            </>
          ) : (
            <p>The chat shows here once its service answers.</p>
          )}
        </div>
      )}
    </section>
  );
};
