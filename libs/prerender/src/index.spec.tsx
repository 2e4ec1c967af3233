import { useClientConfig } from '@outpost/api-client';
import { useLocation } from '@outpost/router';
import { prerenderPage, prerenderPart, withoutScriptControls } from './index';

const config = { demo: true, community: { inviteUrl: 'https://chat.example/invite', widgetServerId: null } };

const Screen = () => {
  const { demo, community } = useClientConfig();
  return (
    <main>
      <h1>At {useLocation().pathname}</h1>
      {demo ? <button type="button">View Live Demo</button> : <p>The demo is off</p>}
      <a href={community.inviteUrl ?? undefined}>Join</a>
    </main>
  );
};

describe('prerender', () => {
  it('renders a page at its address with the variant’s settings, its buttons disabled', async () => {
    const html = await prerenderPage(<Screen />, { path: '/features', config });
    expect(html).toContain('<h1>At <!-- -->/features</h1>');
    expect(html).toContain('<button disabled="" type="button">View Live Demo</button>');
    expect(html).toContain('<a href="https://chat.example/invite">Join</a>');
    // Toasts live in the document's body, not in the page.
    expect(html).not.toContain('Notifications');
    const off = await prerenderPage(<Screen />, { path: '/', config: { ...config, demo: false } });
    expect(off).toContain('<p>The demo is off</p>');
  });

  it('renders a part alone, without the markup of the providers around it', async () => {
    const html = await prerenderPart(<Screen />, { path: '/', config });
    expect(html.startsWith('<main><h1>')).toBe(true);
    expect(html.endsWith('</main>')).toBe(true);
  });

  it('disables every control that needs the page’s script, and nothing else', () => {
    expect(
      withoutScriptControls(
        '<form><input name="q"/><select></select><textarea></textarea><a href="/">x</a></form>',
      ),
    ).toBe(
      '<form><input disabled="" name="q"/><select disabled=""></select><textarea disabled=""></textarea><a href="/">x</a></form>',
    );
  });
});
