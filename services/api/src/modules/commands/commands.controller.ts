import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CommandItem } from '@outpost/contracts';
import { RequirePermission, RouteAccess } from '../../core/auth';
import { ApiRoute } from '../../core/http';
import { type ServerAccess, serverParam } from '../servers';
import { CommandsService } from './commands.service';

const COMMAND_EXAMPLE: CommandItem = {
  id: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
  serverId: '0b9e8d7c-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
  type: 'kick',
  status: 'succeeded',
  output: 'Kicked Rex Raider (Spawn camping)',
  createdAt: '2026-11-25T10:00:00.000Z',
  deliveredAt: '2026-11-25T10:00:00.050Z',
  completedAt: '2026-11-25T10:00:00.140Z',
  expiresAt: '2026-11-25T10:05:00.000Z',
};

/** What became of a command sent to a game server: the person who gave it follows it here. */
@ApiTags('commands')
@Controller('api/servers')
export class CommandsController {
  constructor(private readonly commands: CommandsService) {}

  @Get(':id/commands/:commandId')
  @RequirePermission('console.read', { network: serverParam() })
  @ApiRoute({
    summary:
      'A command sent to the server (a kick, warn, ban, unban or console command; owner, admin, moderator): ' +
      'its status (pending, delivered, succeeded, failed, expired), what the game answered and its times. ' +
      'A kick or warn not carried out in time expires',
    ok: { example: COMMAND_EXAMPLE },
    errors: [401, 403, 404],
  })
  get(@RouteAccess() { subject }: ServerAccess, @Param('commandId') commandId: string): Promise<CommandItem> {
    return this.commands.get(subject.id, commandId, new Date());
  }
}
