import { communityWidgetProbeUrl } from '@outpost/contracts';
import { useEffect, useState } from 'react';

/** How long the widget's service may take to answer before the page keeps the invite card. */
export const COMMUNITY_WIDGET_PROBE_TIMEOUT_MS = 5_000;

export type CommunityWidgetState = 'none' | 'checking' | 'ready' | 'unavailable';

/**
 * Whether the chat widget of this server can be shown: its public data is asked for first, so an
 * unreachable service, a server id that is wrong or a widget turned off leaves the invite card
 * in place of a broken frame.
 */
export const useCommunityWidget = (serverId: string | null): CommunityWidgetState => {
  const [state, setState] = useState<CommunityWidgetState>('checking');

  useEffect(() => {
    if (!serverId) return;
    setState('checking');
    // Cleared when the page leaves (or the id changes): a late answer then changes nothing.
    let current = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), COMMUNITY_WIDGET_PROBE_TIMEOUT_MS);
    const settle = (next: CommunityWidgetState) => {
      clearTimeout(timer);
      if (current) setState(next);
    };
    fetch(communityWidgetProbeUrl(serverId), { signal: controller.signal, credentials: 'omit' }).then(
      (response) => settle(response.ok ? 'ready' : 'unavailable'),
      () => settle('unavailable'),
    );
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [serverId]);

  return serverId ? state : 'none';
};
