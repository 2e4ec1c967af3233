import { applyDecorators, Body, Controller, Get, Patch, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  REPORT_PAGE_DEFAULT,
  REPORT_PAGE_MAX,
  REPORT_STATES,
  type ReportItem,
  type ReportRawResponse,
  type ReportsResponse,
} from '@outpost/contracts';
import {
  addReportNoteSchema,
  reportsQuerySchema,
  updateReportSchema,
  type AddReportNoteInput,
  type ReportsQueryInput,
  type UpdateReportInput,
} from '@outpost/validation';
import {
  CurrentUser,
  networkParam,
  RequirePermission,
  RouteAccess,
  type AuthUser,
  type GrantedAccess,
} from '../../core/auth';
import { ApiRoute, ZodPipe } from '../../core/http';
import { type ServerAccess, serverParam } from '../servers';
import { reportParam, type ReportAccess } from './report-access';
import { reportErrors } from './reports.errors';
import { ReportsQuery } from './reports.query';
import { ReportsService } from './reports.service';

const ITEM: ReportItem = {
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  networkId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  serverId: '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b',
  serverName: 'EU Main',
  source: 'plugin',
  reporter: { steamId: '76561198000000001', name: 'Rex' },
  target: { steamId: '76561198000000002', name: 'Bob' },
  subject: 'aimbot',
  message: 'snaps to heads through walls',
  category: 'cheat',
  reportedAt: '2026-11-26T10:00:00.000Z',
  position: { x: 120.5, y: 12, z: -340.25 },
  state: 'reviewing',
  assignee: { id: 'u2', name: 'Mia Moderator' },
  punishmentId: null,
  unparsed: [],
  hasScreenshot: false,
  screenshotNote: null,
  notes: [
    {
      id: 'n1',
      author: { id: 'u2', name: 'Mia Moderator' },
      text: 'Spectating now',
      createdAt: '2026-11-26T10:05:00.000Z',
    },
  ],
};

const ListQueryDocs = (): MethodDecorator =>
  applyDecorators(
    ApiQuery({ name: 'state', required: false, enum: [...REPORT_STATES] }),
    ApiQuery({ name: 'before', required: false, description: "The previous page's nextCursor (older)" }),
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: REPORT_PAGE_MAX, default: REPORT_PAGE_DEFAULT },
    }),
  );

const LIST =
  'newest first, paged back with nextCursor, with the count of new reports (owner, admin, moderator)';

@ApiTags('reports')
@Controller('api')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly query: ReportsQuery,
  ) {}

  @Get('servers/:id/reports')
  @RequirePermission('reports.work', { network: serverParam() })
  @ListQueryDocs()
  @ApiRoute({
    summary: `The server's F7 reports, ${LIST}`,
    ok: { example: { reports: [ITEM], nextCursor: null, newCount: 1 } },
    errors: [400, 403, 404],
  })
  ofServer(
    @RouteAccess() { networkId, subject }: ServerAccess,
    @Query(new ZodPipe(reportsQuerySchema)) query: ReportsQueryInput,
  ): Promise<ReportsResponse> {
    return this.query.page({ networkId, serverId: subject.id }, query);
  }

  @Get('networks/:id/reports')
  @RequirePermission('reports.work', { network: networkParam() })
  @ListQueryDocs()
  @ApiRoute({
    summary: `The F7 reports of all the network's servers, ${LIST}`,
    ok: { example: { reports: [ITEM], nextCursor: null, newCount: 1 } },
    errors: [400, 403, 404],
  })
  ofNetwork(
    @RouteAccess() { networkId }: GrantedAccess,
    @Query(new ZodPipe(reportsQuerySchema)) query: ReportsQueryInput,
  ): Promise<ReportsResponse> {
    return this.query.page({ networkId }, query);
  }

  @Patch('reports/:id')
  @RequirePermission('reports.work', { network: reportParam() })
  @ApiRoute({
    summary:
      "A report's state (new, reviewing, resolved, dismissed) or assignee (a member who works reports; null unassigns); audited as report.updated",
    bodySchema: updateReportSchema,
    body: { state: 'reviewing', assigneeId: 'u2' },
    ok: { example: ITEM },
    errors: [400, 403, 404],
  })
  update(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ReportAccess,
    @Body(new ZodPipe(updateReportSchema)) body: UpdateReportInput,
  ): Promise<ReportItem> {
    return this.reports.update(user, subject, body);
  }

  @Post('reports/:id/notes')
  @RequirePermission('reports.work', { network: reportParam() })
  @ApiRoute({
    summary:
      "Adds a note to the report's thread (a new report becomes reviewing); audited as report.noteAdded",
    bodySchema: addReportNoteSchema,
    body: { text: 'Spectated for 10 minutes: clear aimbot' },
    ok: { status: 201, example: ITEM },
    errors: [400, 403, 404],
  })
  addNote(
    @CurrentUser() user: AuthUser,
    @RouteAccess() { subject }: ReportAccess,
    @Body(new ZodPipe(addReportNoteSchema)) body: AddReportNoteInput,
  ): Promise<ReportItem> {
    return this.reports.addNote(user, subject, body);
  }

  @Get('reports/:id/raw')
  @RequirePermission('reports.work', { network: reportParam() })
  @ApiRoute({
    summary: "What the game's reports URL was sent for this report (the screenshot left out, bounded)",
    ok: { example: { raw: '{"userid":"76561198000000001","data":{"Subject":"…"}}', truncated: false } },
    errors: [403, 404],
  })
  raw(@RouteAccess() { subject }: ReportAccess): Promise<ReportRawResponse> {
    return this.reports.raw(subject);
  }

  @Get('reports/:id/screenshot')
  @RequirePermission('reports.work', { network: reportParam() })
  @ApiProduces('image/jpeg', 'image/png')
  @ApiRoute({
    summary: 'The screenshot the game sent with the report (image/jpeg or image/png); 404 when none was kept',
    ok: { description: 'The image; not wrapped in the JSON envelope', example: '(JPEG bytes)' },
    errors: [403, 404],
  })
  async screenshot(@RouteAccess() { subject }: ReportAccess): Promise<StreamableFile> {
    const shot = await this.reports.screenshot(subject);
    if (!shot) throw reportErrors.noScreenshot();
    // Drivers answer a blob as a Buffer, a Uint8Array or an ArrayBuffer.
    const data = Buffer.from(shot.data as unknown as ArrayBuffer);
    return new StreamableFile(data, { type: shot.contentType, length: data.length });
  }
}
