import { configureApiClient } from '@outpost/api-client';
import { communityWidgetProbeUrl, communityWidgetUrl } from '@outpost/contracts';
import { renderWithProviders } from '@outpost/testing';
import { act, screen } from '@testing-library/react';
import { COMMUNITY_WIDGET_PROBE_TIMEOUT_MS } from '../hooks/use-community-widget';
import { CommunitySection } from './community-section';

const SERVER_ID = '123456789012345678';
const invite = 'https://chat.example/invite';

const withWidget = (widgetServerId: string | null) =>
  configureApiClient({ community: { inviteUrl: invite, widgetServerId } });

/** The chat service, as the page's probe meets it. */
const chatService = (answer: (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
  jest.spyOn(globalThis, 'fetch').mockImplementation(answer);

const expectInviteCard = () => {
  expect(screen.getByTestId('community-fallback')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Join the chat' })).toHaveAttribute('href', invite);
  expect(screen.queryByTitle('Community chat')).not.toBeInTheDocument();
};

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});
afterAll(() => configureApiClient({ community: { inviteUrl: null, widgetServerId: null } }));

describe('CommunitySection', () => {
  it('offers no chat at all on a panel whose operator named none', () => {
    const fetch = chatService(() => Promise.reject(new Error('not asked')));
    configureApiClient({ community: { inviteUrl: null, widgetServerId: null } });
    renderWithProviders(<CommunitySection />);
    expect(screen.queryByRole('region', { name: 'Join the community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a widget without an invite, and no link to follow while it is asked for', async () => {
    chatService(() => Promise.resolve(new Response('{}', { status: 200 })));
    configureApiClient({ community: { inviteUrl: null, widgetServerId: SERVER_ID } });
    renderWithProviders(<CommunitySection />);
    expect(screen.getByTestId('community-fallback')).toHaveTextContent(
      'The chat shows here once its service answers.',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(await screen.findByTitle('Community chat')).toHaveAttribute('src', communityWidgetUrl(SERVER_ID));
  });

  it('shows the invite card and asks nothing when no widget is configured', () => {
    const fetch = chatService(() => Promise.reject(new Error('not asked')));
    withWidget(null);
    renderWithProviders(<CommunitySection />);
    expectInviteCard();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('embeds the widget once its service answers for this server', async () => {
    const fetch = chatService(() => Promise.resolve(new Response('{}', { status: 200 })));
    withWidget(SERVER_ID);
    renderWithProviders(<CommunitySection />);
    // The card holds the place while the service is asked.
    expect(screen.getByTestId('community-fallback')).toBeInTheDocument();
    expect(await screen.findByTitle('Community chat')).toHaveAttribute('src', communityWidgetUrl(SERVER_ID));
    expect(screen.queryByTestId('community-fallback')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(communityWidgetProbeUrl(SERVER_ID), expect.anything());
  });

  it.each([
    [
      'the widget is turned off or the id is wrong',
      () => Promise.resolve(new Response('{}', { status: 403 })),
    ],
    ['the service is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps the invite card when %s', async (_case, answer) => {
    const fetch = chatService(answer);
    withWidget(SERVER_ID);
    renderWithProviders(<CommunitySection />);
    await act(() => fetch.mock.results[0].value.catch(() => undefined));
    expectInviteCard();
  });

  it('gives up on a service that does not answer, and keeps the invite card', async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    chatService((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    });
    withWidget(SERVER_ID);
    renderWithProviders(<CommunitySection />);
    expect(signal?.aborted).toBe(false);
    await act(async () => jest.advanceTimersByTime(COMMUNITY_WIDGET_PROBE_TIMEOUT_MS));
    expect(signal?.aborted).toBe(true);
    expectInviteCard();
  });
});
