import { Controller, Get, Logger, Param, Query, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { OAuthFailureReason } from '@outpost/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../../core/auth';
import { InjectConfig, OAUTH_PROVIDERS, type AppConfig, type OAuthProviderName } from '../../../core/config';
import { identityErrors } from '../identity.errors';
import { assertAllowedRedirect, withQuery } from '../redirect-urls';
import { sessionCookieOptions } from '../session-cookie';
import { SignInService } from '../sign-in.service';
import { JwtTokensService } from '../jwt-tokens.service';
import { OAuthAccountsService } from './oauth-accounts.service';
import { OAuthStateStore, type FlowRequest, type OAuthFlow } from './oauth-state';
import { isConfigured, registerOAuthStrategies, runPassport } from './oauth-strategies';

const isProvider = (value: string): value is OAuthProviderName =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value);

/**
 * Appwrite's OAuth2 session routes: the browser is sent here by the login page, goes to the
 * provider, comes back to the callback and ends on the success URL signed in, or on the failure
 * URL with ?reason=<code> (see OAUTH_FAILURE_MESSAGES).
 */
@ApiTags('identity (Appwrite Account API)')
@Public()
@Controller('v1/account/sessions/oauth2')
export class OAuthController {
  private readonly logger = new Logger('OAuth');
  private readonly stateStore: OAuthStateStore;

  constructor(
    private readonly accounts: OAuthAccountsService,
    private readonly signIn: SignInService,
    tokens: JwtTokensService,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.stateStore = new OAuthStateStore(tokens.secret, (request) => ({
      ...sessionCookieOptions(config, request),
      path: '/v1/account/sessions/oauth2',
    }));
    registerOAuthStrategies(config, this.stateStore);
  }

  @Get(':provider')
  @ApiOperation({
    summary: 'Start a sign-in with discord, google or github',
    description:
      'Redirects to the provider. success and failure must be on the allowed origins (400 otherwise); ' +
      'an unconfigured provider redirects to failure with ?reason=provider_not_configured.',
  })
  @ApiParam({ name: 'provider', enum: OAUTH_PROVIDERS })
  @ApiQuery({ name: 'success', required: false, description: 'Default: PUBLIC_URL/auth/oauth/success' })
  @ApiQuery({ name: 'failure', required: false, description: 'Default: PUBLIC_URL/auth/oauth/failure' })
  @ApiFoundResponse({ description: 'To the provider, or to the failure URL' })
  async start(
    @Param('provider') provider: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FlowRequest,
    @Res() response: Response,
  ): Promise<void> {
    if (!isProvider(provider)) throw identityErrors.unknownProvider();
    const flow: OAuthFlow = {
      provider,
      success: this.urlParam(query, 'success', '/auth/oauth/success'),
      failure: this.urlParam(query, 'failure', '/auth/oauth/failure'),
    };
    if (!isConfigured(this.config, provider)) return this.fail(response, flow, 'provider_not_configured');
    request.oauthFlow = flow;
    const outcome = await runPassport(provider, request);
    if (outcome.kind === 'done') {
      this.logger.warn(
        `Starting a ${provider} sign-in failed: ${String(outcome.error ?? outcome.info?.message)}`,
      );
      this.fail(response, flow, 'provider_error');
    }
  }

  @Get('callback/:provider')
  @ApiOperation({ summary: 'Where the provider sends the browser back (code and state)' })
  @ApiParam({ name: 'provider', enum: OAUTH_PROVIDERS })
  @ApiFoundResponse({ description: 'To the success URL with the session cookie, or to the failure URL' })
  async callback(
    @Param('provider') provider: string,
    @Query('error') providerError: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // Only the signed state cookie may choose where the browser goes; without it, the defaults.
    const saved = this.stateStore.read(request);
    const flow: OAuthFlow =
      saved && saved.provider === provider
        ? saved
        : {
            provider: isProvider(provider) ? provider : 'github',
            success: `${this.config.publicUrl}/auth/oauth/success`,
            failure: `${this.config.publicUrl}/auth/oauth/failure`,
          };
    if (!isProvider(provider) || !isConfigured(this.config, provider))
      return this.fail(response, flow, 'provider_not_configured');
    if (providerError !== undefined)
      return this.fail(
        response,
        flow,
        providerError === 'access_denied' ? 'access_denied' : 'provider_error',
      );
    const outcome = await runPassport(provider, request);
    if (outcome.kind === 'responded') return;
    if (outcome.error || !outcome.profile) {
      if (outcome.error) this.logger.warn(`A ${provider} sign-in failed: ${String(outcome.error)}`);
      return this.fail(response, flow, outcome.error ? 'provider_error' : 'state_mismatch');
    }
    const result = await this.accounts.resolve(outcome.profile);
    if ('failure' in result) return this.fail(response, flow, result.failure);
    await this.signIn.start(request, response, result.user, { provider: 'oauth2', providerName: provider });
    response.redirect(302, flow.success);
  }

  private urlParam(query: Record<string, unknown>, name: string, fallbackPath: string): string {
    const value = query[name];
    const url = typeof value === 'string' && value !== '' ? value : `${this.config.publicUrl}${fallbackPath}`;
    assertAllowedRedirect(this.config, name, url);
    return url;
  }

  private fail(response: Response, flow: OAuthFlow, reason: OAuthFailureReason): void {
    response.redirect(302, withQuery(flow.failure, { reason, provider: flow.provider }));
  }
}
