import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuditListResponse } from '@outpost/contracts';
import { auditQuerySchema, type AuditQueryInput } from '@outpost/validation';
import { CurrentUser, RequirePermission, type AuthUser } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { AuditService } from './audit.service';

@ApiTags('audit')
@Controller('api/networks/:id/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @RequirePermission('audit.view')
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'From 1 (default 1)' })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100 (default 20)' })
  @ApiRoute({
    summary: "A network's audit log, newest first, paginated (owner, admin)",
    ok: {
      example: {
        entries: [
          {
            id: '0193a5e0c0000000000a1b2c3d4e5f60718',
            action: 'server.added',
            networkId: '0b6f3c1e-7f0a-4c55-9a57-3f3c9d1f2a10',
            networkName: 'Rust Legends',
            actorId: 'u_8f2k1m',
            actorName: 'Ada',
            targetType: 'server',
            targetId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
            targetName: 'EU Main (Weekly)',
            details: {},
            createdAt: '2026-11-23T11:00:00.000Z',
          },
        ],
        totalCount: 1,
        currentPage: 1,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      } satisfies AuditListResponse,
    },
    errors: [400, 403, 404],
  })
  list(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query(new ZodPipe(auditQuerySchema)) query: AuditQueryInput,
  ): Promise<AuditListResponse> {
    return this.audit.list(user, id, query);
  }
}
