import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRERENDER_OUTLET, PRERENDER_PLACEHOLDERS } from '@outpost/contracts';
import { createTestApp, type TestApp } from './support';

const INDEX_HTML =
  '<!doctype html><html><head><title>Outpost</title></head><body><div id="root"></div></body></html>';
const FRAME = `<div class="op-app"><header>Sign In</header><main>${PRERENDER_OUTLET}</main></div>`;
const screen = (text: string) =>
  `<div data-remote="mfe-landing"><h1>${text}</h1>` +
  `<a href="${PRERENDER_PLACEHOLDERS.communityInviteUrl}">Join the chat</a></div>`;
const widget = `<iframe src="https://discord.com/widget?id=${PRERENDER_PLACEHOLDERS.communityWidgetServerId}&amp;theme=dark"></iframe>`;
const premium =
  `<p>${PRERENDER_PLACEHOLDERS.premiumPriceFigure} <span>${PRERENDER_PLACEHOLDERS.premiumPriceRest}</span></p>` +
  `<li>${PRERENDER_PLACEHOLDERS.premiumSupport}</li>`;
const LANDING_SCREENS = {
  screens: {
    landing: {
      'demo+invite': screen('Run your Rust servers (demo)'),
      'demo+invite+widget': screen('Run your Rust servers (demo)') + widget,
      'no-demo+invite': screen('Run your Rust servers'),
      'no-demo+widget': '<h1>Run your Rust servers</h1>' + widget,
      demo: '<h1>Run your Rust servers (demo, no chat)</h1>' + premium,
      'demo+no-plans+stats': '<h1>Everything is included</h1><section aria-busy="true"></section>',
    },
    features: { 'demo+invite': screen('Features'), 'no-demo+invite': screen('Features') },
  },
};
const FRAMES = {
  landing: { invite: FRAME, 'no-invite': FRAME.replace('<header>', '<header class="no-chat">') },
  features: { invite: FRAME.replace('<header>', '<header class="features">') },
};

/** A built web app whose shell and landing remote prerendered their pages, as `npm run build` leaves them. */
const writeBuiltWebApp = (root: string) => {
  const shell = path.join(root, 'shell', 'dist');
  const landing = path.join(root, 'mfe-landing', 'dist');
  for (const dir of [shell, landing]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(shell, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(shell, 'prerender.json'), JSON.stringify({ frames: FRAMES }));
  writeFileSync(path.join(landing, 'mf-manifest.json'), '{"id":"mfe_landing"}');
  writeFileSync(path.join(landing, 'prerender.json'), JSON.stringify(LANDING_SCREENS));
};

const rootOf = (html: string): string => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
const page = async (t: TestApp, url: string, cookie?: string) => {
  const request = t.http.get(url).set('Accept', 'text/html');
  return rootOf((await (cookie ? request.set('Cookie', cookie) : request).expect(200)).text);
};

describe('prerendered public pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { COMMUNITY_INVITE_URL: 'https://chat.example.org/join?x=1&y=2' } });
    writeBuiltWebApp(t.config.webRoot);
  });
  afterAll(() => t.close());

  it('gives a visitor the page’s markup, its screen in the shell’s frame, the settings filled in', async () => {
    expect(await page(t, '/')).toBe(
      '<div id="root"><div class="op-app"><header>Sign In</header><main>' +
        '<div data-remote="mfe-landing"><h1>Run your Rust servers (demo)</h1>' +
        '<a href="https://chat.example.org/join?x=1&amp;y=2">Join the chat</a></div>' +
        '</main></div></div>',
    );
    // Each page in its own frame (the header marks the page it is on).
    expect(await page(t, '/features')).toContain(
      '<header class="features">Sign In</header><main><div data-remote="mfe-landing"><h1>Features</h1>',
    );
  });

  it('gives a signed-in user, a page that is not public, or one without a prerender the empty root', async () => {
    expect(await page(t, '/', 'a_session_outpost=secret')).toBe('<div id="root"></div>');
    expect(await page(t, '/login')).toBe('<div id="root"></div>');
    expect(await page(t, '/docs')).toBe('<div id="root"></div>');
  });

  it('serves no prerender that a deploy left half-written, and the new one once it is there', async () => {
    const file = path.join(t.config.webRoot, 'mfe-landing', 'dist', 'prerender.json');
    try {
      writeFileSync(file, '{"screens": {"landing"');
      expect(await page(t, '/')).toBe('<div id="root"></div>');
    } finally {
      writeFileSync(file, JSON.stringify(LANDING_SCREENS));
    }
    expect(await page(t, '/')).toContain('(demo)');
  });
});

describe('prerendered public pages, other settings', () => {
  it('picks the variant of a panel with no chat, and fills the specification’s Premium lines', async () => {
    const t = await createTestApp();
    try {
      writeBuiltWebApp(t.config.webRoot);
      expect(await page(t, '/')).toBe(
        '<div id="root"><div class="op-app"><header class="no-chat">Sign In</header><main>' +
          '<h1>Run your Rust servers (demo, no chat)</h1><p>$9.99 <span>per month</span></p><li>24/7 support</li>' +
          '</main></div></div>',
      );
    } finally {
      await t.close();
    }
  });

  it('fills the Premium lines the operator set', async () => {
    const t = await createTestApp({
      env: { PREMIUM_PRICE: '€4.99 per month', PREMIUM_SUPPORT: 'Help <within> a day' },
    });
    try {
      writeBuiltWebApp(t.config.webRoot);
      expect(await page(t, '/')).toContain(
        '<p>€4.99 <span>per month</span></p><li>Help &lt;within&gt; a day</li>',
      );
    } finally {
      await t.close();
    }
  });

  it('picks the variant of a panel with PLANS=off and its totals public', async () => {
    const t = await createTestApp({ env: { PLANS: 'off', PUBLIC_STATS: 'on' } });
    try {
      writeBuiltWebApp(t.config.webRoot);
      expect(await page(t, '/')).toContain(
        '<h1>Everything is included</h1><section aria-busy="true"></section>',
      );
    } finally {
      await t.close();
    }
  });

  it('picks the variant of the panel’s settings: demo off, the chat widget embedded', async () => {
    const t = await createTestApp({ env: { DEMO: 'false', COMMUNITY_WIDGET_SERVER_ID: '123456789' } });
    try {
      writeBuiltWebApp(t.config.webRoot);
      const root = await page(t, '/');
      expect(root).toContain('<header class="no-chat">');
      expect(root).toContain('<h1>Run your Rust servers</h1>');
      expect(root).toContain(
        '<iframe src="https://discord.com/widget?id=123456789&amp;theme=dark"></iframe>',
      );
    } finally {
      await t.close();
    }
  });

  it('leaves a remote hosted elsewhere to render its own page', async () => {
    const t = await createTestApp({
      env: { REMOTES_JSON: JSON.stringify({ landing: 'https://cdn.example.net/landing/mf-manifest.json' }) },
    });
    try {
      writeBuiltWebApp(t.config.webRoot);
      expect(await page(t, '/')).toBe('<div id="root"></div>');
    } finally {
      await t.close();
    }
  });
});
