import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  USERNAME_UNAVAILABLE_REASONS,
  type CheckUsernameResponse,
  type Plan,
  type UserProfile,
  type UsernameUnavailableReason,
} from '@outpost/contracts';

export type UsernameAvailability = CheckUsernameResponse;

export class CheckUsernameBody {
  @ApiProperty({ example: 'raider_42', description: '3-20 letters, digits or underscores' })
  username!: string;
}

export class UsernameAvailabilityDto implements UsernameAvailability {
  @ApiProperty()
  available!: boolean;

  @ApiPropertyOptional({ enum: USERNAME_UNAVAILABLE_REASONS })
  reason?: UsernameUnavailableReason;

  @ApiPropertyOptional({ example: 'This username is already taken' })
  message?: string;
}

export class UpdateProfileBody {
  @ApiPropertyOptional({ maxLength: 100 })
  name?: string;

  @ApiPropertyOptional({ nullable: true, type: String, example: 'https://example.com/me.png' })
  avatar?: string | null;

  @ApiPropertyOptional({ example: 'raider_42' })
  username?: string;
}

export class UserProfileDto implements UserProfile {
  @ApiProperty({ example: '65f1c2a9b3d4e5f6a7b8' })
  $id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  emailVerification!: boolean;

  @ApiProperty({ nullable: true, type: String })
  username!: string | null;

  @ApiProperty({ nullable: true, type: String })
  avatar!: string | null;

  @ApiProperty()
  isUpgraded!: boolean;

  @ApiProperty({ enum: ['free', 'premium'] })
  plan!: Plan;
}
