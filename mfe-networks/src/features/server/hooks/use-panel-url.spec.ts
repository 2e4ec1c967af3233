import { panelUrlFor } from './use-panel-url';

describe('panelUrlFor', () => {
  it('gives the configured public address over the page’s own', () => {
    expect(panelUrlFor('https://panel.example.net', 'http://10.0.0.2:3000')).toBe(
      'https://panel.example.net',
    );
    expect(panelUrlFor('http://localhost:3000', 'http://127.0.0.1:3000')).toBe('http://localhost:3000');
  });

  it('falls back to the page’s origin when none is configured', () => {
    expect(panelUrlFor(null, 'http://10.0.0.2:3000')).toBe('http://10.0.0.2:3000');
  });

  it('prefers the page’s address to a loopback one when the page was opened from elsewhere', () => {
    expect(panelUrlFor('http://localhost:3000', 'http://192.168.1.5:3000')).toBe('http://192.168.1.5:3000');
    expect(panelUrlFor('http://[::1]:3000', 'https://rust.example.org')).toBe('https://rust.example.org');
  });
});
