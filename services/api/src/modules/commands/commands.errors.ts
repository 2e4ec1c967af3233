import { DomainError } from '../../core/http';

export const COMMAND_NOT_FOUND_MESSAGE = 'Command not found';

/** An unknown command id, or one of another server (which learns nothing about it). */
export const commandNotFound = (): DomainError => new DomainError('NOT_FOUND', COMMAND_NOT_FOUND_MESSAGE);
