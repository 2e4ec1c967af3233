import { SESSION_COOKIE, Public } from '../../core/auth';
import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { InjectConfig, type AppConfig } from '../../core/config';
import { UsersService } from '../users';
import { emailParam, paramsOf, requiredString, userIdParam } from './appwrite-params';
import {
  AppwriteAccount,
  AppwriteErrorModel,
  AppwriteJwt,
  AppwriteSession,
  AppwriteToken,
  toAppwriteAccount,
  toAppwriteSession,
  toAppwriteToken,
} from './appwrite-models';
import { identityErrors } from './identity.errors';
import { MagicLinksService } from './magic-links.service';
import { assertAllowedRedirect } from './redirect-urls';
import { SignInService } from './sign-in.service';

const ipOf = (request: Request): string => request.ip ?? 'unknown';

/**
 * The subset of Appwrite's Account API the panel uses (spec section 7), with Appwrite's paths,
 * bodies, models and errors. These routes authenticate with the session cookie themselves (the
 * product API's bearer JWT guard does not apply), so they are @Public() to the AccessGuard.
 */
@ApiTags('identity (Appwrite Account API)')
@ApiSecurity({})
@ApiBadRequestResponse({ type: AppwriteErrorModel })
@Public()
@Controller('v1/account')
export class AccountController {
  constructor(
    private readonly signIn: SignInService,
    private readonly magicLinks: MagicLinksService,
    private readonly users: UsersService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The signed-in account',
    description: `Session cookie ${SESSION_COOKIE}, or a JWT in X-Appwrite-JWT.`,
  })
  @ApiOkResponse({ type: AppwriteAccount })
  @ApiUnauthorizedResponse({ type: AppwriteErrorModel })
  async get(@Req() request: Request): Promise<AppwriteAccount> {
    const { user } = await this.signIn.caller(request, { allowJwt: true });
    return toAppwriteAccount(user);
  }

  @Post('jwts')
  @ApiOperation({
    summary: 'A JWT for the product API',
    description:
      'Needs the session cookie (a JWT cannot mint another). HS256, 15 minutes, bound to the session.',
  })
  @ApiCreatedResponse({ type: AppwriteJwt })
  @ApiUnauthorizedResponse({ type: AppwriteErrorModel })
  async createJwt(@Req() request: Request): Promise<AppwriteJwt> {
    return { jwt: await this.signIn.createJwt(request) };
  }

  @Post('tokens/magic-url')
  @ApiOperation({
    summary: 'E-mail a sign-in link',
    description:
      'The link goes to `url` (an allowed origin) with userId and secret; it works once, for ' +
      'MAGIC_LINK_TTL_MINUTES. The answer is the same whether or not the e-mail is known.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['userId', 'email', 'url'],
      properties: {
        userId: { type: 'string', example: 'unique()' },
        email: { type: 'string', example: 'raider@example.com' },
        url: { type: 'string', example: 'http://localhost:3000/auth/magic-link' },
      },
    },
  })
  @ApiCreatedResponse({ type: AppwriteToken })
  @ApiTooManyRequestsResponse({ type: AppwriteErrorModel })
  async createMagicUrlToken(@Req() request: Request, @Body() body: unknown): Promise<AppwriteToken> {
    const params = paramsOf(body);
    const userId = userIdParam(params);
    const email = emailParam(params);
    const url = requiredString(params, 'url');
    assertAllowedRedirect(this.config, 'url', url);
    return toAppwriteToken(await this.magicLinks.request({ userId, email, url, ip: ipOf(request) }));
  }

  @Post('sessions/token')
  @ApiOperation({
    summary: 'Sign in with the userId and secret of an e-mailed link',
    description: 'Sets the session cookie and marks the e-mail verified. Each secret works once.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['userId', 'secret'],
      properties: { userId: { type: 'string' }, secret: { type: 'string' } },
    },
  })
  @ApiCreatedResponse({ type: AppwriteSession })
  @ApiUnauthorizedResponse({ type: AppwriteErrorModel })
  @ApiTooManyRequestsResponse({ type: AppwriteErrorModel })
  async createSession(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() body: unknown,
  ): Promise<AppwriteSession> {
    const params = paramsOf(body);
    const userId = userIdParam(params);
    const secret = requiredString(params, 'secret');
    const user = await this.magicLinks.complete(userId, secret, ipOf(request));
    const session = await this.signIn.start(request, response, user, { provider: 'magic-url' });
    return toAppwriteSession(session, true);
  }

  @Post('sessions/demo')
  @ApiOperation({
    summary: 'Sign in as the read-only demo user (demo mode only)',
    description: 'The fixed demo identity (id demo-user-id, e-mail verified). Off when DEMO=false.',
  })
  @ApiCreatedResponse({ type: AppwriteSession })
  @ApiNotFoundResponse({ type: AppwriteErrorModel })
  async createDemoSession(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AppwriteSession> {
    if (!this.config.demo) throw identityErrors.demoOff();
    const user = await this.users.ensureDemoUser();
    const session = await this.signIn.start(request, response, user, { provider: 'demo' });
    return toAppwriteSession(session, true);
  }

  @Delete('sessions/current')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: ends the session; its cookie and JWTs stop working' })
  @ApiNoContentResponse()
  @ApiUnauthorizedResponse({ type: AppwriteErrorModel })
  async deleteCurrentSession(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.signIn.end(request, response);
  }
}
