import {
  fillPrerendered,
  PRERENDER_FRAME_VARIANTS,
  PRERENDER_OUTLET,
  PRERENDER_PLACEHOLDERS,
  PRERENDER_VARIANTS,
  prerenderFrameVariant,
  prerenderVariant,
  type PrerenderConfig,
} from './prerender';

const panel = (settings: Partial<PrerenderConfig> = {}): PrerenderConfig => ({
  demo: true,
  community: { inviteUrl: null, widgetServerId: null },
  plans: true,
  publicStats: false,
  pricing: { premiumPrice: null, premiumSupport: null },
  ...settings,
});

describe('prerendered pages', () => {
  it('has one variant for each combination of the settings that change the markup', () => {
    const names = PRERENDER_VARIANTS.map(prerenderVariant);
    expect(new Set(names).size).toBe(32);
    expect(names).toContain('demo');
    expect(names).toContain('no-demo+invite+widget+no-plans+stats');
    expect(prerenderVariant(panel())).toBe('demo');
    expect(
      prerenderVariant(
        panel({
          demo: false,
          community: { inviteUrl: 'https://x', widgetServerId: '42' },
          plans: false,
          publicStats: true,
        }),
      ),
    ).toBe('no-demo+invite+widget+no-plans+stats');
    // A panel that does not say (an older one) is read with plans on and its totals private.
    expect(
      prerenderVariant({ demo: false, community: { inviteUrl: 'https://x', widgetServerId: null } }),
    ).toBe('no-demo+invite');
  });

  it('has a frame with the footer’s chat link and one without', () => {
    expect(PRERENDER_FRAME_VARIANTS.map(prerenderFrameVariant)).toEqual(['invite', 'no-invite']);
  });

  it('puts the screen in the frame and fills the settings in, escaped for HTML', () => {
    const frame = `<header></header><main>${PRERENDER_OUTLET}</main>`;
    const screen =
      `<a href="${PRERENDER_PLACEHOLDERS.communityInviteUrl}">Join</a><a href="${PRERENDER_PLACEHOLDERS.communityInviteUrl}">Again</a>` +
      `<iframe src="https://chat.example/widget?id=${PRERENDER_PLACEHOLDERS.communityWidgetServerId}"></iframe>$&` +
      `<p>${PRERENDER_PLACEHOLDERS.premiumPriceFigure} <span>${PRERENDER_PLACEHOLDERS.premiumPriceRest}</span></p>` +
      `<li>${PRERENDER_PLACEHOLDERS.premiumSupport}</li>`;
    expect(
      fillPrerendered(
        frame,
        screen,
        panel({
          community: { inviteUrl: 'https://chat.example/?a=1&b="2"&c=$\'$&', widgetServerId: '7 8' },
          pricing: { premiumPrice: '<b>€5</b>  a year', premiumSupport: 'Day & night' },
        }),
      ),
    ).toBe(
      '<header></header><main>' +
        '<a href="https://chat.example/?a=1&amp;b=&quot;2&quot;&amp;c=$&#39;$&amp;">Join</a>' +
        '<a href="https://chat.example/?a=1&amp;b=&quot;2&quot;&amp;c=$&#39;$&amp;">Again</a>' +
        '<iframe src="https://chat.example/widget?id=7%208"></iframe>$&' +
        '<p>&lt;b&gt;€5&lt;/b&gt; <span>a year</span></p><li>Day &amp; night</li></main>',
    );
  });

  it('fills the specification’s Premium lines when the operator set none', () => {
    const screen = `<p>${PRERENDER_PLACEHOLDERS.premiumPriceFigure} <span>${PRERENDER_PLACEHOLDERS.premiumPriceRest}</span></p><li>${PRERENDER_PLACEHOLDERS.premiumSupport}</li>`;
    expect(fillPrerendered(PRERENDER_OUTLET, screen, panel())).toBe(
      '<p>$9.99 <span>per month</span></p><li>24/7 support</li>',
    );
  });
});
