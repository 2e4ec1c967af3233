import { DomainError } from '../../core/http';

export const RCON_NOT_SET_MESSAGE = 'This server has no RCON connection set';

export const rconNotSet = (): DomainError => new DomainError('NOT_FOUND', RCON_NOT_SET_MESSAGE);
