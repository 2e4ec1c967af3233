// mfe-networks' specs render as a signed-in user against the fake product API.
import { setUpFakeServer } from '@outpost/testing';
import { FakeApi } from './fake-api';

export { atRoute, renderAs, testUser as userFor } from '@outpost/testing';

/** A fake API for one spec file: started before its tests, emptied after each, stopped at the end. */
export const setUpFakeApi = (): FakeApi => setUpFakeServer(new FakeApi());
