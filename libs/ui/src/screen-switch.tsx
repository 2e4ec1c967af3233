import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from './spinner';

/** Screen id → component; lazy for code splitting, or eager for a remote's most visited screen. */
export type ScreenMap = Record<string, LazyExoticComponent<ComponentType> | ComponentType>;

/** Whether a screen is code-split (made with React's `lazy`): it suspends on its first render. */
export const isLazyScreen = (screen: ScreenMap[string] | undefined): boolean =>
  typeof screen === 'object' &&
  screen !== null &&
  (screen as { $$typeof?: symbol }).$$typeof === Symbol.for('react.lazy');

type ScreenSwitchProps = {
  /** data-remote marker: which remote rendered the screen (e2e tests and debugging read it). */
  remote: string;
  screens: ScreenMap;
  screen: string;
};

/** A remote's ./Routes: the shell names a screen, the remote renders it (code-split per screen). */
export const ScreenSwitch = ({ remote, screens, screen }: ScreenSwitchProps) => {
  const Screen = screens[screen];
  if (!Screen) throw new Error(`${remote} has no screen "${screen}"`);
  return (
    <div data-remote={remote} className="op-remote">
      <Suspense fallback={<Spinner />}>
        <Screen />
      </Suspense>
    </div>
  );
};
