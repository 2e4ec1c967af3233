import {
  fillPrerendered,
  PRERENDER_OUTLET,
  PRERENDER_PLACEHOLDERS,
  PRERENDER_VARIANTS,
  prerenderVariant,
} from './prerender';

describe('prerendered pages', () => {
  it('has one variant for each setting that changes the markup, named as the panel looks it up', () => {
    expect(PRERENDER_VARIANTS.map(prerenderVariant)).toEqual([
      'demo',
      'demo+widget',
      'no-demo',
      'no-demo+widget',
    ]);
    expect(
      prerenderVariant({ demo: false, community: { inviteUrl: 'https://x', widgetServerId: '42' } }),
    ).toBe('no-demo+widget');
  });

  it('puts the screen in the frame and fills the settings in, escaped for HTML', () => {
    const frame = `<header></header><main>${PRERENDER_OUTLET}</main>`;
    const screen =
      `<a href="${PRERENDER_PLACEHOLDERS.communityInviteUrl}">Join</a><a href="${PRERENDER_PLACEHOLDERS.communityInviteUrl}">Again</a>` +
      `<iframe src="https://chat.example/widget?id=${PRERENDER_PLACEHOLDERS.communityWidgetServerId}"></iframe>$&`;
    expect(
      fillPrerendered(frame, screen, {
        inviteUrl: 'https://chat.example/?a=1&b="2"&c=$\'$&',
        widgetServerId: '7 8',
      }),
    ).toBe(
      '<header></header><main>' +
        '<a href="https://chat.example/?a=1&amp;b=&quot;2&quot;&amp;c=$&#39;$&amp;">Join</a>' +
        '<a href="https://chat.example/?a=1&amp;b=&quot;2&quot;&amp;c=$&#39;$&amp;">Again</a>' +
        '<iframe src="https://chat.example/widget?id=7%208"></iframe>$&</main>',
    );
  });
});
