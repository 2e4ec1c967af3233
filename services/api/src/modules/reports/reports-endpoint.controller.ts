import { EntityManager } from '@mikro-orm/core';
import { Body, Controller, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { nativeReportProblem } from '@outpost/validation';
import { Public } from '../../core/auth';
import { invalidField, NoEnvelope } from '../../core/http';
import { GameServer, isReportsKey, isReportsSignature, REPORTS_ROUTE } from '../servers';
import { readNativeReport } from './native-report';
import { reportErrors } from './reports.errors';
import { ReportsService } from './reports.service';

/**
 * The game's own F7 reports: a Rust server with `server.reportsServerEndpoint` set to this URL (and
 * `server.reportsServerEndpointKey` to the server's reports key) POSTs each report here as a form
 * of data, userid and key. The URL is signed like the ban-check URL: an unknown server or a wrong
 * signature is a 404, a wrong or missing key a 401, a body that holds no report a 400.
 */
@ApiTags('plugin')
@Public()
@NoEnvelope()
@Controller(REPORTS_ROUTE)
export class ReportsEndpointController {
  constructor(
    private readonly em: EntityManager,
    private readonly reports: ReportsService,
  ) {}

  @Post(':serverId/:signature')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Rust's server.reportsServerEndpoint: an F7 report as the game sends it (form fields data, userid, key)",
  })
  @ApiResponse({ status: 201, description: '{id}: the report is in the inbox' })
  @ApiResponse({ status: 400, description: 'No report in the body, or data too large' })
  @ApiResponse({ status: 401, description: "Not this server's reports key" })
  @ApiResponse({ status: 404, description: 'Not a reports URL of this panel' })
  @ApiResponse({ status: 413, description: 'Body over 4 MB' })
  async receive(
    @Param('serverId') serverId: string,
    @Param('signature') signature: string,
    @Body() body: unknown,
  ): Promise<{ id: string }> {
    const server = /^[0-9a-f-]{36}$/i.test(serverId)
      ? await this.em.fork().findOne(GameServer, { id: serverId })
      : null;
    if (!server || !isReportsSignature(server, signature)) throw new NotFoundException();
    const key = (body as { key?: unknown } | null)?.key;
    if (typeof key !== 'string' || !isReportsKey(server, key)) throw reportErrors.wrongKey();
    const problem = nativeReportProblem(body);
    if (problem) throw invalidField(problem);
    return this.reports.receive(server, readNativeReport(body as Record<string, unknown>));
  }
}
