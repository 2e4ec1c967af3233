import { liveStatusChanged } from '@outpost/api-client';
import { renderAs } from '@outpost/testing';
import { act, screen } from '@testing-library/react';
import { AppHeader } from './app-header';

describe('LiveIndicator', () => {
  it("shows the live stream's state in the header while signed in", () => {
    const { store } = renderAs('ada', <AppHeader />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => void store.dispatch(liveStatusChanged('connecting')));
    expect(screen.getByRole('status')).toHaveTextContent('Connecting…');
    act(() => void store.dispatch(liveStatusChanged('connected')));
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    act(() => void store.dispatch(liveStatusChanged('reconnecting')));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
  });
});
