// mfe-players' specs render as a signed-in (or demo) user against the fake players API.
import { setUpFakeServer } from '@outpost/testing';
import { FakePlayersApi } from './fake-players-api';

export { atRoute, renderAs } from '@outpost/testing';

/** A fake API for one spec file: started before its tests, emptied after each, stopped at the end. */
export const setUpFakePlayersApi = (): FakePlayersApi => setUpFakeServer(new FakePlayersApi());
