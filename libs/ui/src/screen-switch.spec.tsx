import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { isLazyScreen, ScreenSwitch } from './screen-switch';

const Eager = () => <h1>Eager</h1>;
const Lazy = lazy(async () => ({ default: () => <h1>Lazy</h1> }));

describe('ScreenSwitch', () => {
  it('renders the named screen, a code-split one once its code has loaded', async () => {
    render(<ScreenSwitch remote="mfe-test" screens={{ eager: Eager, lazy: Lazy }} screen="lazy" />);
    expect(await screen.findByRole('heading', { name: 'Lazy' })).toBeInTheDocument();
  });

  it('tells a code-split screen from one that ships with the remote', () => {
    expect(isLazyScreen(Lazy)).toBe(true);
    expect(isLazyScreen(Eager)).toBe(false);
    expect(isLazyScreen(undefined)).toBe(false);
  });
});
