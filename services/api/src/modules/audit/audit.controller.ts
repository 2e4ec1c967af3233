import { applyDecorators, Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  type AuditListResponse,
} from '@outpost/contracts';
import {
  auditFilterSchema,
  auditQuerySchema,
  encodeAuditCursor,
  type AuditFilterInput,
  type AuditQueryInput,
} from '@outpost/validation';
import type { Response } from 'express';
import { networkParam, RequirePermission, RouteAccess, type GrantedAccess } from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { auditCsv } from './audit-csv';
import { AuditService } from './audit.service';

const EXAMPLE_ENTRY = {
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
} as const;

/** The filters both routes take. */
const AuditFilterDocs = (): MethodDecorator =>
  applyDecorators(
    ApiQuery({
      name: 'serverId',
      required: false,
      description: 'Entries about this server: it is their target, or their details name it (moderation)',
    }),
    ApiQuery({ name: 'actorId', required: false, description: 'Entries of this user' }),
    ApiQuery({
      name: 'action',
      required: false,
      description: `One of ${AUDIT_ACTIONS.join(', ')}, or a comma-separated list of them`,
    }),
    ApiQuery({ name: 'from', required: false, description: 'ISO time: entries at or after it' }),
    ApiQuery({ name: 'to', required: false, description: 'ISO time: entries at or before it' }),
  );

/** Entries are append-only: no route edits or deletes them (test/audit.spec.ts walks the routes). */
@ApiTags('audit')
@Controller('api/networks/:id')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit')
  @RequirePermission('audit.view', { network: networkParam() })
  @AuditFilterDocs()
  @ApiQuery({
    name: 'page',
    required: false,
    type: Number,
    description: 'From 1 (default 1); not with cursor',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: AUDIT_MAX_PAGE_SIZE, default: AUDIT_PAGE_SIZE },
  })
  @ApiQuery({
    name: 'cursor',
    required: false,
    description: "The previous page's nextCursor (older entries)",
  })
  @ApiRoute({
    summary:
      "A network's audit log, newest first, filtered by server, actor, action and time; paged by page " +
      'or by nextCursor (owner, admin, moderator)',
    ok: {
      example: {
        entries: [EXAMPLE_ENTRY],
        totalCount: 21,
        currentPage: 1,
        totalPages: 21,
        hasNextPage: true,
        hasPreviousPage: false,
        nextCursor: encodeAuditCursor({ at: new Date(EXAMPLE_ENTRY.createdAt), id: EXAMPLE_ENTRY.id }),
      } satisfies AuditListResponse,
    },
    errors: [400, 403, 404],
  })
  list(
    @RouteAccess() { networkId }: GrantedAccess,
    @Query(new ZodPipe(auditQuerySchema)) query: AuditQueryInput,
  ): Promise<AuditListResponse> {
    return this.audit.list(networkId, query);
  }

  @Get('audit.csv')
  @RequirePermission('audit.view', { network: networkParam() })
  @AuditFilterDocs()
  @ApiProduces('text/csv')
  @ApiRoute({
    summary:
      `The audit log as CSV (text/csv, a header row, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} ` +
      'rows: the newest that match; X-Audit-Truncated: true when more matched). Cells a spreadsheet ' +
      'would run as a formula start with a single quote; details in sentences, times in them in UTC ' +
      '(owner, admin, moderator)',
    ok: {
      description: 'text/csv; not wrapped in the JSON envelope',
      example:
        'time,action,action_label,actor_id,actor,target_type,target_id,target,details\r\n' +
        '2026-11-23T11:00:00.000Z,server.added,Server added,u_8f2k1m,Ada,server,3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b,EU Main (Weekly),Added the server EU Main (Weekly) to Rust Legends.\r\n',
    },
    errors: [400, 403, 404],
  })
  async csv(
    @RouteAccess() { networkId }: GrantedAccess,
    @Query(new ZodPipe(auditFilterSchema)) filters: AuditFilterInput,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { entries, truncated, servers } = await this.audit.export(networkId, filters);
    if (truncated) response.setHeader('X-Audit-Truncated', 'true');
    return new StreamableFile(Buffer.from(auditCsv(entries, servers), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="audit-${networkId}.csv"`,
    });
  }
}
