import { Body, Controller, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { UserProfile } from '@outpost/contracts';
import { Authenticated, CurrentUser, type AuthUser } from '../../core/auth';
import { BEARER_SCHEME, ZodPipe } from '../../core/http';
import { setUsernameSchema, updateProfileSchema, usernameAvailabilitySchema } from '@outpost/validation';
import {
  CheckUsernameBody,
  UpdateProfileBody,
  UserProfileDto,
  UsernameAvailabilityDto,
  type UsernameAvailability,
} from './dto/users.dto';
import { USER_ERRORS, userErrors } from './users.errors';
import { toProfile, UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth(BEARER_SCHEME)
@Authenticated()
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('check-username')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Whether a username is free',
    description:
      '3-20 letters, digits or underscores; unique ignoring case; some names are reserved. Answers ' +
      'available, or the reason (invalid, reserved, taken) with a message.',
  })
  @ApiBody({ type: CheckUsernameBody })
  @ApiOkResponse({ type: UsernameAvailabilityDto })
  checkUsername(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(usernameAvailabilitySchema)) body: { username: string },
  ): Promise<UsernameAvailability> {
    return this.users.checkUsername(body.username, user.id);
  }

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user’s profile' })
  @ApiOkResponse({ type: UserProfileDto })
  async me(@CurrentUser() user: AuthUser): Promise<UserProfile> {
    return toProfile(await this.users.get(user.id));
  }

  @Patch('me')
  @ApiOperation({ summary: 'Change name, avatar or username' })
  @ApiBody({ type: UpdateProfileBody })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiConflictResponse({ description: 'The username is taken' })
  async update(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(updateProfileSchema)) body: UpdateProfileBody,
  ): Promise<UserProfile> {
    return toProfile(await this.users.updateProfile(user.id, body));
  }

  @Put('me/username')
  @ApiOperation({ summary: 'Set the username (username setup screen)' })
  @ApiBody({ type: CheckUsernameBody })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiConflictResponse({ description: 'The username is taken' })
  async setUsername(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(setUsernameSchema)) body: { username: string },
  ): Promise<UserProfile> {
    return toProfile(await this.users.updateProfile(user.id, body));
  }

  @Patch('me/username')
  @ApiOperation({ summary: 'Same as PUT /api/users/me/username' })
  @ApiBody({ type: CheckUsernameBody })
  @ApiOkResponse({ type: UserProfileDto })
  patchUsername(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(setUsernameSchema)) body: { username: string },
  ): Promise<UserProfile> {
    return this.setUsername(user, body);
  }

  @Post('me/plan/upgrade')
  @ApiOperation({
    summary: 'Upgrade to Premium',
    description:
      'No payment provider is built in: this answers 409 and the operator sets plans with ' +
      '`npm run panel -- users:plan <email> premium|free`.',
  })
  @ApiConflictResponse({ description: USER_ERRORS.upgradeByOperator.message })
  upgrade(): never {
    throw userErrors.upgradeByOperator();
  }
}
