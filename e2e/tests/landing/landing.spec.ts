import { FOOTER_PAGES, PRICING, paths } from '@outpost/contracts';
import { expect, test, type Locator } from '@playwright/test';
import { seriousViolations } from '../../support/axe';

test.describe('landing page', () => {
  test('hero, features, pricing and demo are on the page; the anchors scroll to them', async ({ page }) => {
    await page.goto(paths.landing());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const action of ['Get Started', 'Start Free Trial'])
      await expect(page.getByRole('link', { name: action })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeVisible();

    const anchors = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const [name, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Demo', 'demo'],
    ]) {
      await anchors.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });

  test('a visitor sees the page before its scripts run; the scripts then render it once, in its place', async ({
    browser,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(paths.landing());
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Run your Rust servers from one place',
      );
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(page.locator('#pricing').getByRole('article', { name: 'Premium' })).toContainText('$9.99');
      // A button does nothing before the scripts run: it waits for them, disabled.
      await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeDisabled();
      await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', paths.login());
      // This panel's operator named no chat: neither the page nor its footer offers one.
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Community chat' })).toHaveCount(
        0,
      );
      await expect(page.getByRole('link', { name: 'Join the chat' })).toHaveCount(0);
    } finally {
      await noScript.close();
    }

    const withScript = await browser.newContext();
    try {
      const page = await withScript.newPage();
      await page.goto(paths.landing());
      await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.locator('[data-remote="mfe-landing"]')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
    } finally {
      await withScript.close();
    }
  });

  test('pricing cards say exactly what the plans include, as the specification prices them', async ({
    page,
  }) => {
    await page.goto(paths.landing());
    const pricing = page.locator('#pricing');
    const free = pricing.getByRole('article', { name: 'Free' });
    await expect(free).toContainText('$0 per month');
    const premium = pricing.getByRole('article', { name: 'Premium' });
    await expect(premium).toContainText('$9.99 per month');
    await expect(premium).toContainText('Most popular');
    await expect(free).not.toContainText('Most popular');
    await expect(premium.getByRole('listitem')).toHaveText(
      PRICING[1].features.map((feature) => `Included: ${feature.text}`),
    );
    await expect(premium.getByRole('listitem').first()).toHaveText('Included: 24/7 support');
    for (const plan of PRICING) {
      const card = pricing.getByRole('article', { name: plan.name });
      for (const feature of plan.features)
        await expect(card.getByRole('listitem').filter({ hasText: feature.text })).toContainText(
          `${feature.included ? 'Included' : 'Not included'}: ${feature.text}`,
        );
    }
  });

  test('says what is real: an explainable score, no AI, and a free plan rather than a trial', async ({
    page,
  }) => {
    await page.goto(paths.landing());
    const main = page.getByRole('main');
    await expect(main.locator('#pricing')).toContainText('Explainable suspicious-activity score');
    await expect(main).not.toContainText(/AI-powered|AI anti-cheat/);
    // What Start Free Trial starts is said right under it.
    const trial = main.getByRole('link', { name: 'Start Free Trial' });
    await expect(trial).toHaveAccessibleDescription('Starts a Free account: no card, no time limit.');
    const note = main.getByText('Starts a Free account: no card, no time limit.');
    const [trialBox, noteBox] = [await trial.boundingBox(), await note.boundingBox()];
    expect(noteBox!.y).toBeGreaterThanOrEqual(trialBox!.y + trialBox!.height);
    expect(noteBox!.y - (trialBox!.y + trialBox!.height)).toBeLessThan(24);
    await page.goto(paths.features());
    await expect(page.getByRole('heading', { name: 'Explainable suspicious-activity score' })).toBeVisible();
  });

  test('every link of the page leads where it says', async ({ page }) => {
    const follow = async (from: string, link: Locator, to: RegExp) => {
      await page.goto(from);
      await link.click();
      await expect(page).toHaveURL(to);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    };
    const main = page.getByRole('main');
    const header = page.getByRole('banner');
    await follow(paths.landing(), main.getByRole('link', { name: 'Get Started' }), /\/login$/);
    await follow(paths.landing(), main.getByRole('link', { name: 'Start Free Trial' }), /\/login$/);
    await follow(paths.landing(), header.getByRole('link', { name: 'Sign In' }), /\/login$/);
    await follow(paths.landing(), main.getByRole('link', { name: 'Start for free' }), /\/login$/);
    // Upgrading needs an account: a visitor signs in first.
    await follow(paths.landing(), main.getByRole('link', { name: 'Go Premium' }), /\/login$/);
    await follow(
      paths.landing(),
      main.getByRole('link', { name: 'See what each feature does' }),
      /\/features$/,
    );
    await follow(paths.features(), main.getByRole('link', { name: 'Get Started' }), /\/login$/);
    // From another page the header's section links lead back to the landing page's sections.
    await follow(paths.features(), header.getByRole('link', { name: 'Pricing' }), /\/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
    await follow(paths.login(), header.getByRole('link', { name: 'Outpost home' }), /\/$/);

    for (const footerPage of ['docs', 'api'] as const) {
      await page.goto(paths.footer(footerPage));
      const docs = main.getByRole('link', { name: 'Open the OpenAPI documentation' });
      await expect(docs).toHaveAttribute('href', paths.apiDocs());
    }
    expect((await page.request.get(paths.apiDocs())).status()).toBe(200);
  });

  test('the features page says what each feature does, its plan, and whether it is here yet', async ({
    page,
  }) => {
    await page.goto(paths.features());
    // How a server connects: a plugin, or its WebRCON dialled by the panel or by the bridge.
    const intro = page.getByRole('main').locator('p').first();
    await expect(intro).toContainText('A server connects through a plugin or a bridge');
    await expect(intro).toContainText('dialled by the panel itself or by the outpost-bridge agent');
    const features = page.getByRole('main').getByRole('region');
    await expect(features).toHaveCount(7);
    for (const name of ['Player management', 'Moderation with audit logs', 'Real-time analytics'])
      await expect(page.getByRole('region', { name })).toContainText(/Free and Premium.*Available now/);
    for (const name of ['Live map viewer', 'Explainable suspicious-activity score'])
      await expect(page.getByRole('region', { name })).toContainText(/Premium.*Available now/);
    for (const name of ['Chat-bot integration with role linking', 'Server automation'])
      await expect(page.getByRole('region', { name })).toContainText(/Premium.*Planned/);
  });

  test('offers no chat server when the operator named none (COMMUNITY_INVITE_URL unset)', async ({
    page,
  }) => {
    await page.goto(paths.landing());
    await expect(page.locator('#pricing')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Join the community' })).toHaveCount(0);
    await expect(page.getByTestId('community-fallback')).toHaveCount(0);
    await expect(page.locator('iframe[title="Community chat"]')).toHaveCount(0);
    await expect(page.locator('a[href*="discord.gg"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Community chat' })).toHaveCount(0);
  });

  test('shows no live totals unless the operator allows it (PUBLIC_STATS off by default)', async ({
    page,
  }) => {
    await page.goto(paths.landing());
    await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
    // The demo's simulated figures are shown; the panel's own totals are not.
    await expect(page.getByText('Demo servers online')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Panel statistics' })).toHaveCount(0);
    for (const label of ['Servers tracked', 'Players tracked', 'Players online now'])
      await expect(page.getByText(label)).toHaveCount(0);
    const stats = await (
      await page.request.get('/api/public/stats', { headers: { 'X-API-Key': 'outpost-web' } })
    ).json();
    expect(stats.data.totals).toBeNull();
  });

  test('the public pages end with the site footer, outside the main content; the app screens do not', async ({
    page,
  }) => {
    for (const path of [paths.landing(), paths.features(), paths.footer('help')]) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('main').locator('footer')).toHaveCount(0);
    }
    await page.goto(paths.login());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('every footer link resolves to a page, never to not-found, also when visited directly', async ({
    page,
  }) => {
    await page.goto(paths.landing());
    const footer = page.locator('footer');
    for (const name of FOOTER_PAGES) {
      await page.goto(paths.landing());
      await footer.locator(`a[href="/${name}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/${name}$`));
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).not.toHaveText('Run your Rust servers from one place');
      const heading = await title.textContent();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
      // Visited directly (a shared link, a reload), the panel serves the same page.
      await page.reload();
      await expect(title).toHaveText(heading ?? '');
    }
  });

  test('the status page reports the server and the database live', async ({ page }) => {
    await page.goto(paths.footer('status'));
    await expect(page.locator('li[data-status="operational"]')).toHaveCount(2);
  });

  test('the particle background sits behind the content and is hidden from assistive tech', async ({
    page,
  }) => {
    await page.goto(paths.landing());
    const particles = page.getByTestId('particles');
    await expect(particles).toHaveAttribute('aria-hidden', 'true');
    await expect(particles).toHaveCSS('z-index', '-1');
    await expect(particles).toHaveCSS('pointer-events', 'none');
    // Clicks land on the content above it.
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('fits a 360 px phone: no sideways scrolling, the heading and the actions in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      paths.landing(),
      paths.features(),
      paths.login(),
      ...FOOTER_PAGES.map(paths.footer),
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto(paths.landing());
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeInViewport();
  });

  test('works from the keyboard: a skip link first, then every control with a visible focus ring', async ({
    page,
  }) => {
    await page.goto(paths.landing());
    await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

    const reached: string[] = [];
    for (let i = 0; i < 40 && !reached.includes('View Live Demo'); i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
          ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
          shadow: style.boxShadow !== 'none',
        };
      });
      if (!focused) continue;
      expect(focused.ring || focused.shadow, `focus on "${focused.name}" is visible`).toBe(true);
      reached.push(focused.name);
    }
    expect(reached.slice(0, 8)).toEqual([
      'Outpost home',
      'Features',
      'Pricing',
      'Demo',
      'Sign In',
      'Get Started',
      'Start Free Trial',
      'View Live Demo',
    ]);

    // The skip link jumps over the header, straight to the page's content.
    await page.goto(paths.landing());
    await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: 'Get Started' })).toBeFocused();
  });

  for (const path of [paths.landing(), paths.features(), paths.login()])
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page as its scripts leave it: the landing page's prerendered markup is replaced first
      // (its buttons wait for the scripts, disabled).
      if (path === paths.landing())
        await expect(page.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
});
